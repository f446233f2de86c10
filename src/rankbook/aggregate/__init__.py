r"""Rank aggregation: one plain function per method over the ranked lists of ONE query.

Every method has the shape

    method(lists, *, weights=None, <the method's parameters>) -> dict

``lists`` is a sequence of ranked lists, each a sequence of item ids (best
first) or a mapping ``item -> score`` (higher is better); lists may be partial
and of different lengths. The result maps each item to its aggregate score, in
the aggregate order (best first; ties broken as
:func:`rankbook.aggregate._profile.ranked_result` documents).

Queries, runs and files belong to the floor above (:func:`rankbook.fuse`).
"""
