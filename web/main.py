"""Page glue (run in Pyodide on the main thread by start.mjs): load the engine wheel, then start the game page.

No rules here: every choice the page offers comes from `imperial_core.legal_actions`, every change
from `imperial_core.apply`; the map comes from `render`.
"""

import asyncio
import traceback

import js
import pyodide_js
from pyodide.ffi import create_proxy, to_js

boot = js.window.imperialBoot
boot.stage("runtime", "done")
boot.stage("packages", "active")


async def load_packages(names: list[str]) -> None:
    """Load our wheels from the site's own pyodide-lock.json; a failed download is an error, not a warning."""
    errors: list[str] = []
    on_error = create_proxy(lambda msg: errors.append(str(msg)))
    on_message = create_proxy(lambda msg: None)
    try:
        options = to_js({"errorCallback": on_error, "messageCallback": on_message},
                        dict_converter=js.Object.fromEntries)
        await pyodide_js.loadPackage(to_js(names), options)
    finally:
        on_error.destroy()
        on_message.destroy()
    if errors:
        raise RuntimeError("Could not load the game's packages:\n" + "\n".join(errors))


app = None


async def start() -> None:
    global app
    try:
        await load_packages(["imperial-core", "imperial-page"])
        boot.stage("packages", "done")
        boot.stage("engine", "active")
        mark = js.performance.mark  # import costs, for bench/startup.py
        mark("imperial:import:start")
        from pydantic import BaseModel  # noqa: F401 - the library alone, timed apart from the engine's models
        mark("imperial:import:pydantic")
        import imperial_core
        mark("imperial:import:engine")  # the engine's pydantic models build their schemas here
        import render
        from imperial_ui.app import App
        mark("imperial:import:page")

        version = js.document.getElementById("version")
        version.dataset.version = imperial_core.__version__  # "engine 1.2", in the page's language (lang.js)
        js.window.imperialLang.apply()
        app = App(render)
        app.start()
        boot.ready()
    except Exception as exc:  # shown on the page: a boot failure must be readable without the console
        boot.fail(f"{type(exc).__name__}: {exc}", traceback.format_exc())


boot_task = asyncio.ensure_future(start())
