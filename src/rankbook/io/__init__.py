r"""Reading and writing qrels and runs: TREC files, FLAGR's CSV, dicts and DataFrames.

| function | reads or writes |
| --- | --- |
| `read_qrels`, `read_run` | TREC qrels (`qid iter docid grade`) and runs (`qid Q0 docid rank score tag`) |
| `write_qrels`, `write_run` | the same formats |
| `read_flagr_lists`, `read_flagr_qrels` | FLAGR's CSV input lists (one run per voter) and qrels |
| `read_subtopic_qrels`, `as_subtopic_qrels` | diversity qrels (`topic subtopic docid grade`), one row per subtopic judgment |
| `read_intent_probabilities` | NTCIREVAL's intent probabilities (`topic intent probability`) |
| `subtopic_matrix` | one topic's subtopic grades as a (documents x subtopics) matrix |
| `read_costs`, `document_costs` | cwl_eval's cost file (`element_type cost`) and each ranked item's cost |
| `read_gains`, `run_blocks` | cwl_eval's gain file (a qrels whose fourth column is a gain) and its walk through a run |
| `read_scores` | a per-topic score table (CSV: a topic column, one column per measure or run) |
| `as_qrels`, `as_run` | any of: a path, `{qid: {docid: grade or score}}`, a DataFrame |
| `qrels_as_dict`, `run_as_dict` | the same, as nested dicts (the plain inputs of `rankbook.collections`) |

In memory, qrels and runs take one of two forms: the table form
(:mod:`rankbook.io.frames`: pandas DataFrames with columns ``query``, ``doc``
and ``grade`` or ``score``; ids are strings) and the array form
(:mod:`rankbook.io.arrays`: numpy arrays, used by the batch evaluator, which asks
:func:`rankbook.io.join.join_run` for a run joined to its judgments in that form).
:mod:`rankbook.io.convert` decides how a path, a dict or a DataFrame is read,
for both; :mod:`rankbook.io.order` holds trec_eval's order of a run. Every
reader refuses bad input with a `rankbook.InputFileError` that names the file,
the line numbers, what is wrong and how to fix it.

| module | holds |
| --- | --- |
| `convert` | `as_qrels`, `as_run` (table form), `as_judgments`, `as_ranking` (array form) |
| `frames` | the table form: `make_qrels`, `make_run` |
| `arrays` | the array form: `Judgments`, `Ranking` |
| `join` | `join_run`: a run's rows joined to their grades, in trec_eval's order |
| `order` | `trec_order`: trec_eval's order (score descending, ties by docid descending) |
| `trec`, `flagr`, `scores` | the file readers |
| `subtopics`, `costs`, `cwl_files` | the inputs of diversity measures and of cwl_eval |
| `writers` | `write_qrels`, `write_run` |
| `fast` | the speed machinery, fenced: numbers from bytes, id forms, hash keys, the hash join; only io uses it, through its interface, and it gives what the line reader gives |
"""

from rankbook.io.convert import as_qrels, as_run
from rankbook.io.costs import document_costs, read_costs
from rankbook.io.cwl_files import read_gains, run_blocks
from rankbook.io.flagr import read_flagr_lists, read_flagr_qrels
from rankbook.io.nested import qrels_as_dict, run_as_dict
from rankbook.io.order import trec_order
from rankbook.io.scores import read_scores
from rankbook.io.subtopics import (as_subtopic_qrels, read_intent_probabilities,
                                   read_subtopic_qrels, subtopic_matrix)
from rankbook.io.trec import read_qrels, read_run
from rankbook.io.writers import write_qrels, write_run

__all__ = [
    "as_qrels",
    "as_run",
    "as_subtopic_qrels",
    "document_costs",
    "qrels_as_dict",
    "read_costs",
    "read_flagr_lists",
    "read_flagr_qrels",
    "read_gains",
    "read_intent_probabilities",
    "read_qrels",
    "read_run",
    "read_scores",
    "read_subtopic_qrels",
    "run_as_dict",
    "run_blocks",
    "subtopic_matrix",
    "trec_order",
    "write_qrels",
    "write_run",
]
