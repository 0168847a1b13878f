"""scripts/benchlib.py's BENCHMARKS.md writing: a script rewrites its own section and every
other byte of the file stays as it was.

  python3 -m unittest discover -s scripts -p 'test_*.py'    # or: python3 scripts/test_benchlib.py
"""
import os, sys, tempfile, unittest

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib as lib

DOC = """# memo benchmarks (1m: 1,000,000 questions, 50,000 posts)

Machine: x86_64; 2026-11-22.

| work | memo |
|---|---|
| start-up | 2.6 ms |

## Every listing at full output (1,000,000 questions; `highlights`: 1,000,000 highlights)

Written by hand over the generated text.

| listing | format |
|---|---|
| questions --all | json |

## Small commands: where the time goes

Hand-written, no script owns it.
### A sub-heading inside it

## Small commands: timed

2026-11-25, 2 cores.

| command | memo |
|---|---|
| add (10k) | 64.55 ms |

This run had other builds on the same two cores.

## Review: timed

2026-11-26 11:55 (the table; the paragraphs below it are the history).

| command | CPU |
|---|---|
| review due | 15.3 ms |

Earlier: two runs of scripts/bench-review --size 1m.

And another paragraph of history.

## Next to other tools

| command | memo |
|---|---|
| add | 90.8 ms |
The commands: add.
## The speed gate

Last section, no blank line at the end."""

HEADINGS = ["# memo benchmarks", "## Every listing at full output", "## Small commands: where the time goes",
            "## Small commands: timed", "## Review: timed", "## Next to other tools", "## The speed gate"]


def sections(text):
    """Each heading's section, from its heading to its last line: what a rewrite of another one
    must leave alone (the blank lines after it separate it from the next; a section added at
    the end of the file puts one after the last)."""
    out = {}
    for heading in HEADINGS:
        span = lib.section_span(text, heading)
        out[heading] = None if span is None else text[span[0]:span[1]].rstrip("\n")
    return out


class ReplaceSection(unittest.TestCase):
    def assertOthersIdentical(self, before, after, heading):
        old, new = sections(before), sections(after)
        for other in HEADINGS:
            if other != heading:
                self.assertEqual(old[other], new[other], f"{other} changed when {heading} was written")

    def test_each_section_rewritten_alone(self):
        for heading in HEADINGS:
            lines = [heading + " (new)", "", "| a | b |", "|---|---|", "| 1 | 2 |"]
            after = lib.replace_section(DOC, heading, lines)
            self.assertOthersIdentical(DOC, after, heading)
            span = lib.section_span(after, heading)
            self.assertEqual(after[span[0]:span[1]].rstrip("\n"), "\n".join(lines))
            # In place: the sections keep their order.
            self.assertEqual([h for h in HEADINGS if lib.section_span(after, h)],
                             sorted(HEADINGS, key=lambda h: lib.section_span(after, h)[0]))

    def test_only_the_section_bytes_change(self):
        heading = "## Small commands: timed"
        start, end = lib.section_span(DOC, heading)
        after = lib.replace_section(DOC, heading, [heading, "", "| x |"])
        self.assertTrue(after.startswith(DOC[:start]))
        self.assertTrue(after.endswith(DOC[end:]))
        self.assertEqual(after[start:len(after) - (len(DOC) - end)], heading + "\n\n| x |\n\n")

    def test_heading_with_a_new_suffix_replaces_the_old_one(self):
        heading = "## Every listing at full output"
        after = lib.replace_section(DOC, heading, [heading + " (10,000 questions)", "", "| t |"])
        self.assertEqual(after.count(heading), 1)
        self.assertIn(heading + " (10,000 questions)\n\n| t |\n\n## Small commands: where", after)

    def test_a_heading_is_not_matched_by_its_prefix_alone(self):
        # "## Small commands: timed" must not take "## Small commands: where the time goes".
        self.assertEqual(lib.section_span("## Small commands: timedX\n", "## Small commands: timed"), None)
        span = lib.section_span(DOC, "## Small commands: timed")
        self.assertTrue(DOC[span[0]:].startswith("## Small commands: timed\n"))

    def test_level_3_headings_stay_inside_their_section(self):
        span = lib.section_span(DOC, "## Small commands: where the time goes")
        self.assertIn("### A sub-heading inside it", DOC[span[0]:span[1]])

    def test_missing_section_is_added_at_the_end(self):
        heading = "## Browse: timed"
        after = lib.replace_section(DOC, heading, [heading, "", "| k |"])
        self.assertTrue(after.startswith(DOC))
        self.assertTrue(after.endswith("\n\n## Browse: timed\n\n| k |\n"))
        self.assertOthersIdentical(DOC, after, heading)

    def test_missing_top_section_goes_first(self):
        without = DOC[lib.section_span(DOC, "# memo benchmarks")[1]:]
        after = lib.replace_section(without, "# memo benchmarks", ["# memo benchmarks (10k)", "", "| t |"])
        self.assertEqual(after, "# memo benchmarks (10k)\n\n| t |\n\n" + without)

    def test_empty_file(self):
        self.assertEqual(lib.replace_section("", "## Review: timed", ["## Review: timed", "", "| r |"]),
                         "## Review: timed\n\n| r |\n")

    def test_keep_after_table_keeps_the_history(self):
        heading = "## Review: timed"
        after = lib.replace_section(DOC, heading, [heading, "", "today", "", "| command | CPU |", "| new | 1 ms |"],
                                    keep_after_table=True)
        self.assertOthersIdentical(DOC, after, heading)
        self.assertIn("| new | 1 ms |\n\nEarlier: two runs of scripts/bench-review --size 1m.\n\n"
                      "And another paragraph of history.\n\n## Next to other tools", after)
        self.assertNotIn("review due", after)

    def test_twice_is_once(self):
        lines = ["## Small commands: timed", "", "| x |"]
        once = lib.replace_section(DOC, lines[0], lines)
        self.assertEqual(lib.replace_section(once, lines[0], lines), once)
        once = lib.replace_section(DOC, "## Review: timed", ["## Review: timed", "| y |"], keep_after_table=True)
        self.assertEqual(lib.replace_section(once, "## Review: timed", ["## Review: timed", "| y |"],
                                             keep_after_table=True), once)

    def test_the_repository_file(self):
        """On BENCHMARKS.md as it is: each script's section rewritten, the others' bytes kept."""
        with open(lib.BENCHMARKS, encoding="utf-8") as f:
            text = f.read()
        for heading in ("# memo benchmarks", "## Every listing at full output", "## Small commands: timed",
                        "## Review: timed", "## Next to other tools"):
            self.assertIsNotNone(lib.section_span(text, heading), heading)
            after = lib.replace_section(text, heading, [heading, "", "| new |"], heading == "## Review: timed")
            start, end = lib.section_span(text, heading)
            new_start, new_end = lib.section_span(after, heading)
            self.assertEqual(after[:new_start], text[:start], heading)
            self.assertEqual(after[new_end:], text[end:], heading)

    def test_write_section_on_a_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "BENCHMARKS.md")
            with open(path, "w", encoding="utf-8") as f:
                f.write(DOC)
            lib.write_section("## Next to other tools", ["## Next to other tools", "", "| z |"], path=path)
            with open(path, encoding="utf-8") as f:
                after = f.read()
            self.assertOthersIdentical(DOC, after, "## Next to other tools")
            self.assertIn("## Next to other tools\n\n| z |\n\n## The speed gate", after)


if __name__ == "__main__":
    unittest.main()
