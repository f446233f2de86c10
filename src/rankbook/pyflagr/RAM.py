r"""`RAM`, the base of every PyFLAGR class: ``aggregate()`` over a rankbook method.

A subclass says which function of `rankbook.aggregate` it is and with which
parameters (`RAM.method`); `RAM.aggregate` reads the lists, calls
`rankbook.fuse` with ``convention="flagr"``, evaluates with FLAGR's rules
(`rankbook.evaluation.flagr.evaluate_flagr`) and returns PyFLAGR's two
DataFrames. No arithmetic of a method lives here.
"""

from __future__ import annotations

import numbers

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.pyflagr._files import (
    check_out_dir,
    evaluation_frame,
    input_path,
    judgments,
    out_frame,
    write_outputs,
)


class RAM:
    r"""A rank-aggregation method with PyFLAGR's ``aggregate()`` (PyFLAGR's base class).

    Parameters
    ----------
    eval_pts : int
        The evaluation points: P, recall, DCG and nDCG at 1, ..., eval_pts.

    Attributes
    ----------
    code : int
        FLAGR's code of the method, written in the ``Aggregator`` column (100
        CombSUM-Borda, 200 Condorcet, 801 MC1, ...).
    """

    code = 0

    def __init__(self, eval_pts):
        self.eval_pts = check_eval_pts(eval_pts)
        if type(self).method is not RAM.method:      # checked now, not inside aggregate()
            from rankbook.aggregate.registry import METHODS, check_parameters

            name, params = self.method()
            check_parameters(METHODS[name].function, params, what=type(self).__name__)

    def method(self) -> tuple[str, dict]:
        """``(name in rankbook.aggregate.METHODS, parameters)``: what `aggregate` calls."""
        raise NotImplementedError(f"{type(self).__name__} does not name its rankbook method.")

    def aggregate(self, input_file="", input_df=None, rels_file="", rels_df=None, out_dir=None):
        r"""Aggregate the lists of every query; evaluate the result when judgments are given.

        Parameters
        ----------
        input_file : str or os.PathLike, default ""
            FLAGR's list CSV, 6 columns (``query,voter,item,rank,score,label``) or
            5 (``query,voter,item,score,label``, the order of a list's lines is its
            ranking), decided by the file's first line.
        input_df : pandas.DataFrame, optional
            The same lines as a DataFrame (instead of ``input_file``).
        rels_file : str or os.PathLike, default ""
            FLAGR's qrels CSV, ``query,0,item,relevance``.
        rels_df : pandas.DataFrame, optional
            The same as a DataFrame (instead of ``rels_file``).
        out_dir : str or os.PathLike, optional
            A folder to also write ``out_<id>.csv`` and ``eval_<id>.csv`` to, as
            FLAGR does.

        Returns
        -------
        (pandas.DataFrame, pandas.DataFrame)
            The aggregate lists (``Query``, ``Voter``, ``ItemID``, ``Rank``,
            ``Score``, ``Aggregator``) and the evaluation (``q``, ``num_ret``,
            ``num_rel``, ``num_rel_ret``, ``map``, ``P_1`` ... ``ndcg_cut_k``), an
            empty DataFrame without judgments.

        Raises
        ------
        rankbook.InputFileError
            If a file or DataFrame cannot be read (it names the file and line).
        rankbook.InvalidValueError
            If neither or both of ``input_file`` and ``input_df`` are given.
        """
        import pandas as pd

        out_dir = check_out_dir(out_dir)
        qrels = judgments(rels_file, rels_df)
        run = self.run(read_input(input_file, input_df))
        out = out_frame(run, self.code)
        evaluation = pd.DataFrame() if qrels is None else evaluation_frame(qrels, run, self.eval_pts)
        if out_dir is not None:
            write_outputs(out_dir, out, evaluation)
        return out, evaluation

    def run(self, profiles: list) -> dict:
        """The aggregate of lists already read (`read_input`): ``{query: {item: score}}``.

        `aggregate` is `read_input`, `run` and the two tables; the `Comparator`
        reads the lists once and runs every method on them.
        """
        from rankbook.fusion import fuse_profiles

        name, params = self.method()
        return fuse_profiles(profiles, name, **params)

    def __repr__(self) -> str:
        name, params = self.method()
        shown = ", ".join(f"{k}={v!r}" for k, v in params.items())
        return f"<{type(self).__name__}: rankbook.aggregate.{name}({shown}), eval_pts={self.eval_pts}>"


def read_input(input_file, input_df, *, what: str = "aggregate()") -> list:
    """FLAGR's lists as `rankbook.fusion.read_profiles` reads them, from ``input_file`` or ``input_df``."""
    from rankbook.fusion import read_profiles

    with input_path(input_file, input_df, what=what) as path:
        return read_profiles(flagr=path)


def check_eval_pts(value) -> int:
    """A whole number >= 1."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InvalidTypeError(f"eval_pts must be a whole number >= 1, got {value!r}.")
    if value < 1:
        raise InvalidValueError(f"eval_pts must be at least 1 (the evaluation points 1..eval_pts), "
                                f"got {value}.")
    return int(value)


def spelling(value, name: str, choices: dict, note: str = "") -> str:
    """``choices[value]`` for one of FLAGR's spellings, else an error that lists them all.

    PyFLAGR maps an unknown spelling to its default without a word; here it is refused
    when the object is built, never later inside ``aggregate()``.
    """
    if not any(type(value) is type(choice) and value == choice for choice in choices):
        names = ", ".join(repr(c) for c in choices)
        raise InvalidValueError(f"{name}={value!r} is not one of PyFLAGR's choices {names}{note}.")
    return choices[value]
