"""A tournaments/ script as a module, for the scripts whose names are not Python identifiers
(label-positions.py owns the labels' win probabilities; calibrate-labels.py and agreement.py
read them through it)."""
import importlib.util
import os


def load_tool(filename):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), filename)
    spec = importlib.util.spec_from_file_location(filename.replace("-", "_")[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
