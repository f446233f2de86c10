r"""Reading and writing qrels and runs: TREC files, FLAGR's CSV, dicts and DataFrames.

| function | reads or writes |
| --- | --- |
| `read_qrels`, `read_run` | TREC qrels (`qid iter docid grade`) and runs (`qid Q0 docid rank score tag`) |
| `write_qrels`, `write_run` | the same formats |
| `read_flagr_lists`, `read_flagr_qrels` | FLAGR's CSV input lists (one run per voter) and qrels |
| `as_qrels`, `as_run` | any of: a path, `{qid: {docid: grade or score}}`, a DataFrame |

In memory, qrels and runs are pandas DataFrames with columns ``query``,
``doc`` and ``grade`` (qrels) or ``score`` (runs); ids are strings. Every reader
refuses bad input with a `rankbook.InputFileError` that names the file,
the line numbers, what is wrong and how to fix it.
"""

from rankbook.io.convert import as_qrels, as_run, trec_order
from rankbook.io.flagr import read_flagr_lists, read_flagr_qrels
from rankbook.io.trec import read_qrels, read_run, write_qrels, write_run

__all__ = [
    "as_qrels",
    "as_run",
    "read_flagr_lists",
    "read_flagr_qrels",
    "read_qrels",
    "read_run",
    "trec_order",
    "write_qrels",
    "write_run",
]
