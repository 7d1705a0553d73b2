"""The Python reference (tools/python_api_docs.py): every public class,
function, method and property of the package has a docstring that it
shows, none "(no docstring)"."""
import importlib.util
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir))
TOOL = os.path.join(HERE, os.pardir, os.pardir, os.pardir, "tools", "python_api_docs.py")


class TestReference(unittest.TestCase):
    def test_every_public_name_has_a_docstring(self):
        spec = importlib.util.spec_from_file_location("python_api_docs", TOOL)
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
        with tempfile.TemporaryDirectory() as out:
            self.assertEqual(tool.main(["python_api_docs.py", out]), 0)
            pages = sorted(os.listdir(out))
            self.assertIn("python_herd_spiel.md", pages)
            missing = []
            for page in pages:
                with open(os.path.join(out, page), encoding="utf-8") as f:
                    heading = None
                    for line in f:
                        if line.startswith("#"):
                            heading = line.strip()
                        elif "(no docstring)" in line:
                            missing.append("%s: %s" % (page, heading))
            self.assertEqual(missing, [])
            with open(os.path.join(out, "python_herd_spiel.md"), encoding="utf-8") as f:
                text = f.read()
            # members of the states' shared private base are shown on State
            self.assertIn("{#python_herd_spiel_State_current_player}", text)


if __name__ == "__main__":
    unittest.main()
