r"""Data sets shipped with rankbook, so that a notebook downloaded from the site runs anywhere.

| name | what | files |
| --- | --- | --- |
| `flagr_sample` | FLAGR's sample rank-aggregation data: 20 queries, 50 voters (`V-0` to `V-49`), one list of 30 items per voter and query, and 2,000 judgments (926 relevant) | `testdata.csv`, `testdata_qrels.csv` |
| `cwl_sample` | cwl_eval's own test files: 3 topics (T1-T3) of 10 ranked items each, their gains (0 or 1), and the cost of each element type (the run's second column) | `cwl/qrel_file`, `cwl/result_file`, `cwl/cost_file` |
| `breuer2020_scores` | the per-topic P@10, AP and nDCG of Breuer et al.'s (SIGIR 2020) two original runs, their replications on the same 50 topics and their reproductions on 25 topics of another collection (20 of each named in the paper: `BREUER2020_RUN_NUMBERS`) | `breuer2020/{rpl,rpd}/*.csv` |

The files are package data (``src/rankbook/data/``), installed with rankbook: the notebooks
that use them ask this module for them instead of reaching into a clone's ``tests/data/``.
FLAGR's files are copied unchanged from ``examples/testdata/`` of ``lakritidis/FLAGR``
(Apache License 2.0, Copyright 2022 Leonidas Akritidis); Breuer et al.'s from
``evaluation/matlab/results/`` of ``irgroup/sigir2020-measure-reproducibility`` (commit
``8a44294``; the repository states no licence: these are the authors' published measured
figures, shipped with this attribution, ``rankbook/data/breuer2020/README.md``); cwl_eval's
from ``cwl/tests/`` of ``ireval/cwl`` (MIT License, Copyright (c) 2019 ireval/cwl).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pandas as pd

from rankbook import _validate
from rankbook._errors import InputFileError

__all__ = ["flagr_sample", "cwl_sample", "breuer2020_scores", "BREUER2020_RUN_NUMBERS"]

_FLAGR_FILES = ("testdata.csv", "testdata_qrels.csv")
_FLAGR_SOURCE = ("https://github.com/lakritidis/FLAGR/tree/main/examples/testdata and read them "
                 "with rankbook.io.read_flagr_lists / read_flagr_qrels")
_CWL_FILES = ("qrel_file", "result_file", "cost_file")
_CWL_SOURCE = "https://github.com/ireval/cwl/tree/master/cwl/tests"
_BREUER_SOURCE = ("https://github.com/irgroup/sigir2020-measure-reproducibility "
                  "(evaluation/matlab/results/measures and measures_rpd)")
_BREUER_PARTS = {"rpl": "rpl/rpl_{run}_{measure}.csv", "org": "rpd/org_{run}_{measure}.csv",
                 "rpd": "rpd/rpd_{run}_{measure}.csv"}
_BREUER_RUNS = ("wcrobust04", "wcrobust0405")
_BREUER_MEASURES = ("p10", "ap", "ndcg1000")

#: The paper's names of Breuer et al.'s 20 variations -> the run number ``k`` of the files'
#: columns ``rpl_<run>_<k>`` and ``rpd_<run>_<k>`` (the authors' ``run_numbers_print``).
BREUER2020_RUN_NUMBERS = {
    "tf_1": 45, "tf_2": 46, "tf_3": 47, "tf_4": 48, "tf_5": 49,
    "df_1": 14, "df_2": 15, "df_3": 16, "df_4": 17, "df_5": 18,
    "tol_1": 39, "tol_2": 38, "tol_3": 37, "tol_4": 36, "tol_5": 35,
    "C_1": 44, "C_2": 43, "C_3": 42, "C_4": 41, "C_5": 40,
}


def _installed(folder: str, names, what: str, source: str) -> tuple[Path, ...]:
    """The paths of package data files under ``rankbook/data/<folder>``, or a clear error."""
    root = Path(str(resources.files("rankbook") / "data" / folder))
    paths = tuple(root / name for name in names)
    missing = [str(path.relative_to(root)) for path in paths if not path.is_file()]
    if missing:
        raise InputFileError(
            f"{what} is not installed with rankbook ({', '.join(missing)} missing). "
            f"Reinstall rankbook (the files are package data), or download them from {source}.",
            str(root))
    return paths


def flagr_sample() -> tuple[Path, Path]:
    r"""The paths of FLAGR's sample lists and their judgments, as installed with rankbook.

    The lists file has FLAGR's five columns ``query, voter, item, score, label`` (30,000
    rows: 20 queries x 50 voters x 30 items); the judgments file FLAGR's
    ``query, 0, item, relevance`` (2,000 rows). Read them with `rankbook.io.read_flagr_lists`
    and `rankbook.io.read_flagr_qrels`, or pass the paths to `rankbook.fuse` and the
    `rankbook.compare.Comparator`.

    Returns
    -------
    lists, qrels : pathlib.Path
        ``testdata.csv`` and ``testdata_qrels.csv``.

    Raises
    ------
    InputFileError
        If the files are missing from the installation (a build that left out the package
        data), with the address to download them from.

    See Also
    --------
    rankbook.io.read_flagr_lists, rankbook.io.read_flagr_qrels

    References
    ----------
    Akritidis, L. FLAGR and PyFLAGR, examples/testdata/ (https://github.com/lakritidis/FLAGR).

    Examples
    --------
    >>> from rankbook.datasets import flagr_sample
    >>> from rankbook.io import read_flagr_lists, read_flagr_qrels
    >>> lists, qrels = flagr_sample()
    >>> lists.name, qrels.name
    ('testdata.csv', 'testdata_qrels.csv')
    >>> voters = read_flagr_lists(lists)
    >>> len(voters), sorted(voters)[:3]
    (50, ['V-0', 'V-1', 'V-10'])
    >>> judged = read_flagr_qrels(qrels)
    >>> len(judged), int((judged["grade"] > 0).sum())
    (2000, 926)
    """
    return _installed("flagr", _FLAGR_FILES, "FLAGR's sample data", _FLAGR_SOURCE)


def cwl_sample() -> tuple[Path, Path, Path]:
    r"""The paths of cwl_eval's own test files, as installed with rankbook.

    Three topics, T1 to T3, each with ten ranked items: a qrels file of gains 0 or 1 (its
    fourth column, cwl_eval's "gain file"), a run whose second column is each item's element
    type (``E1``, ``E2``, ``E3``; trec_eval ignores that column) and a cost file giving the
    cost of reading one item of each type (``E1 1.0``, ``E2 2.0``, ``E3 5.0``, ``E4 7.5``).
    cwl_eval's published numbers on them are quoted in the user-model pages.

    Returns
    -------
    qrels, run, costs : pathlib.Path
        ``qrel_file``, ``result_file`` and ``cost_file``.

    Raises
    ------
    InputFileError
        If the files are missing from the installation, with the address to download them.

    References
    ----------
    Azzopardi, L., Thomas, P. and Moffat, A. (2019). cwl_eval: An evaluation tool for
    information retrieval. SIGIR 2019. https://github.com/ireval/cwl (``cwl/tests/``).

    Examples
    --------
    >>> import rankbook as rb
    >>> qrels, run, costs = rb.datasets.cwl_sample()
    >>> rb.io.read_costs(costs)
    {'E1': 1.0, 'E2': 2.0, 'E3': 5.0, 'E4': 7.5}
    >>> table = rb.evaluate(qrels, run, ["CWL-RBP@0.8:EU", "P@5"])
    >>> print(table.round(4).to_string())
           CWL-RBP@0.8:EU  P@5
    query
    T1             0.5164  0.6
    T2             0.5698  0.6
    T3             0.1868  0.0
    all            0.4243  0.4
    """
    return _installed("cwl", _CWL_FILES, "cwl_eval's test files", _CWL_SOURCE)


def breuer2020_scores(part: str, run: str, measure: str) -> pd.DataFrame:
    r"""Per-topic scores of Breuer et al.'s original runs, replications and reproductions.

    Breuer, Ferro, Fuhr, Maistro, Sakai, Schaer and Soboroff (SIGIR 2020) re-implemented two
    TREC 2017 Common Core runs, WCrobust04 (the baseline) and WCrobust0405 (the advanced
    run), varying one thing at a time; their repository publishes the trec_eval score of
    every run on every topic. The table of one part, run and measure:

    | part | topics | columns |
    | --- | --- | --- |
    | ``"rpl"`` | the 50 Robust04 topics | the original (``WCrobust04`` or ``WCrobust0405``) and its replications ``rpl_<run>_<k>`` |
    | ``"org"`` | the same 50 topics | the original alone |
    | ``"rpd"`` | 25 TREC Common Core 2018 topics | the reproductions ``rpd_<run>_<k>`` on that other collection |

    The paper names 20 of the ``k`` (``tf_1`` ... ``C_5``): `BREUER2020_RUN_NUMBERS`.

    Parameters
    ----------
    part : {"rpl", "org", "rpd"}
        Replications (with their original), the original alone, or reproductions.
    run : {"wcrobust04", "wcrobust0405"}
        The baseline or the advanced run.
    measure : {"p10", "ap", "ndcg1000"}
        P@10, average precision or nDCG at 1000, as computed by trec_eval.

    Returns
    -------
    pandas.DataFrame
        One row per topic (index ``topic``, the TREC topic number as text), one column per
        run, each cell that run's score on that topic, as published.

    Raises
    ------
    InvalidValueError
        If ``part``, ``run`` or ``measure`` is not one of the values above.
    InputFileError
        If the file is missing from the installation, with the address to download it from.

    See Also
    --------
    rankbook.reproducibility : ARP, RMSE, effect ratio and delta RI of such tables.
    rankbook.stats.paired_t_test, rankbook.stats.unpaired_t_test

    References
    ----------
    Breuer, T., Ferro, N., Fuhr, N., Maistro, M., Sakai, T., Schaer, P. and Soboroff, I.
    (2020). How to Measure the Reproducibility of System-oriented IR Experiments. SIGIR 2020,
    349-358, doi 10.1145/3397271.3401036; data: irgroup/sigir2020-measure-reproducibility on
    GitHub, doi 10.5281/zenodo.3856042.

    Examples
    --------
    The original WCrobust0405's mean P@10 over the 50 topics is the 0.7500 that the paper's
    online appendix prints (Table 1, first row):

    >>> from rankbook.datasets import breuer2020_scores, BREUER2020_RUN_NUMBERS
    >>> scores = breuer2020_scores("rpl", "wcrobust0405", "p10")
    >>> scores.shape, scores.index[:3].tolist()
    ((50, 51), ['307', '310', '321'])
    >>> print(f"{scores['WCrobust0405'].mean():.4f}")
    0.7500
    >>> tf_1 = f"rpl_wcrobust0405_{BREUER2020_RUN_NUMBERS['tf_1']}"   # the row rpl_tf_1: 0.7760
    >>> print(tf_1, f"{scores[tf_1].mean():.4f}")
    rpl_wcrobust0405_45 0.7760
    >>> breuer2020_scores("rpd", "wcrobust04", "ap").shape
    (25, 58)
    """
    template = _BREUER_PARTS[_validate.choice(part, tuple(_BREUER_PARTS), "part")]
    name = template.format(run=_validate.choice(run, _BREUER_RUNS, "run"),
                           measure=_validate.choice(measure, _BREUER_MEASURES, "measure"))
    (path,) = _installed("breuer2020", [name], "Breuer et al.'s (SIGIR 2020) data",
                         _BREUER_SOURCE)
    table = pd.read_csv(path, index_col="Row", dtype={"Row": str})
    return table.rename_axis("topic")
