"""Run G seeded games on a process pool or on Ray, merging partial aggregates as they finish.

Game k's seed is derived from the master seed and k alone, and aggregates are exact
integer sums, so the statistics do not depend on the number of workers, the chunk
order or the back-end.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import random
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from .aggregate import Aggregate, game_record
from .watch import Watcher, watch

CHUNK = 25  # games per task on the Python engine (a progress line, a merge)
NATIVE_CHUNK = 500  # on the native core: as long a task, and the per-chunk merges stay cheap


@dataclass(frozen=True)
class SimConfig:
    pack: str  # folder path of the pack (workers load it themselves, plug-ins included)
    games: int
    players: int
    bots: str = "random"
    sides: str = "A"
    seed: int = 0
    workers: int = 0  # 0 = every core
    backend: str = "local"
    ray_address: str | None = None
    # the pack's own files and those of every pack it extends (shipped ones excepted), so
    # workers on other machines of a Ray cluster can load it without a shared file system
    bundle: tuple[tuple[str, str, str], ...] = ()  # (folder, file name, text)
    allow_plugins: bool = False  # the user's consent to run the pack's plug-ins (--allow-plugins)
    without: tuple[str, ...] = ()  # cards taken out of the pack (compare --without)
    blank: bool = False  # ... replaced by blank cards instead of removed (--blank)
    core: str = "python"  # "native": the compiled core plays (cli/core_opt.pick_core chose it)


def bundle_pack(pack: Any) -> tuple[tuple[str, str, str], ...]:
    """Every file of the pack's folder and of the folders it extends (not the shipped packs,
    which every installed worker has)."""
    from pathlib import Path
    from dsl.packref import shipped_packs
    from dsl.safeio import read_bounded
    shipped = {str(p.resolve()) for p in shipped_packs().values()}
    folders = [e.key for e in pack.meta.get("lineage", [])] or [pack.path]
    out = []
    for folder in dict.fromkeys(folders):
        if folder in shipped:
            continue
        for f in sorted(Path(folder).iterdir()):
            if f.suffix in (".yaml", ".yml", ".py") and not f.is_symlink() and f.is_file():
                out.append((folder, f.name, read_bounded(f, Path(folder))))
    return tuple(out)


def _unbundle(cfg: SimConfig) -> str:
    """Write the bundled folders under a private root, keeping their relative layout, and
    return where the pack now is."""
    import hashlib
    import tempfile
    from pathlib import Path
    digest = hashlib.sha256(repr(cfg.bundle).encode()).hexdigest()[:16]
    root = Path(tempfile.gettempdir()) / f"wonders-bundle-{digest}"
    for folder, name, text in cfg.bundle:
        target = root / folder.lstrip("/")
        target.mkdir(parents=True, exist_ok=True)
        if not (target / name).exists():
            (target / name).write_text(text, encoding="utf-8")
    return str(root / cfg.pack.lstrip("/"))


def game_seed(seed: int, k: int) -> int:
    """Seed of game k: a hash of (seed, k), independent of who plays it."""
    return random.Random(f"wonders-sim:{seed}:{k}").getrandbits(63)


_COMPILED: dict[str, Any] = {}


def _compiled(pack: str, allow_plugins: bool = False, without: tuple[str, ...] = (),
              blank: bool = False) -> Any:
    key = (pack, without, blank)
    cp = _COMPILED.get(key)
    if cp is None:
        from dsl.loader import load_pack
        from interpreter.rules.compiled import compile_pack
        from .variants import without_cards
        cp = compile_pack(load_pack(pack, allow_plugins=allow_plugins))
        _COMPILED[key] = cp = without_cards(cp, without, blank) if without else cp
    return cp


def run_chunk(cfg: SimConfig, ks: range) -> Aggregate:
    """Play games ks (in one process) into a partial aggregate."""
    from interpreter.players.roster import make_bots
    from interpreter.players.game import Game
    from interpreter.game.contract import GameCapped
    cp = _compiled(_unbundle(cfg) if cfg.bundle else cfg.pack, cfg.allow_plugins, cfg.without, cfg.blank)
    if cfg.core == "native" and _native_ready(cp, cfg):
        return _run_native(cp, cfg, ks)
    agg = Aggregate()
    for k in ks:
        try:
            bots = [Watcher(b) for b in make_bots(cfg.bots, cfg.players)]  # for the card verdicts
            game = Game(cp, bots, seed=game_seed(cfg.seed, k), sides=cfg.sides)
            watch(game)
            scores = game.play()
        except GameCapped as err:
            agg.capped += 1
            agg.add_error(f"game {k}: {err}")
            continue
        except Exception as err:  # noqa: BLE001 - a broken variant must not kill the run
            agg.add_error(f"game {k}: {type(err).__name__}: {err}")
            continue
        agg.add(game_record(game, scores))
    return agg


def _native_ready(cp: Any, cfg: SimConfig) -> bool:
    """Whether this process can play the chunk natively (a Ray worker elsewhere may lack the
    compiled core: it plays the same games in Python)."""
    from .. import native
    rules = cp.rules
    return native.available() and not native.unsupported(cp) and not cfg.without \
        and not native.undealable(cp, cfg.players) \
        and rules.min_players <= cfg.players <= min(rules.max_players, len(cp.wonders))


def _run_native(cp: Any, cfg: SimConfig, ks: range) -> Aggregate:
    """run_chunk on the native core; a game it cannot set up (a wonder without the side asked
    for, say) is played by the Python engine, which reports it as it always does."""
    from dataclasses import replace
    from interpreter.game.contract import GameOverflow
    from interpreter.native import starter
    from interpreter.players.roster import make_bots
    from interpreter.sim.native_records import StatsFold, VerdictFold
    agg = Aggregate()
    fold = VerdictFold(cp)  # the per-card verdicts, summed in C rather than folded from records
    stats = StatsFold(cp, [getattr(b, "name", "?") for b in make_bots(cfg.bots, cfg.players)])
    begin = starter(cp, cfg.players, cfg.bots, cfg.sides, record=True)
    for k in ks:
        try:
            game = begin(game_seed(cfg.seed, k))
            game.play()
        except (ValueError, GameOverflow):  # the Python engine plays it and says what went wrong
            agg.merge(run_chunk(replace(cfg, core="python"), range(k, k + 1)))
            continue
        fold.fold.add(game, stats.add(game))
    stats.into(agg)
    agg.verdicts.merge(fold.verdicts())
    return agg


def _chunks(games: int, core: str = "python") -> list[range]:
    size = NATIVE_CHUNK if core == "native" else CHUNK
    return [range(i, min(i + size, games)) for i in range(0, games, size)]


def _run_local(cfg: SimConfig) -> Iterator[Aggregate]:
    workers = cfg.workers or os.cpu_count() or 1
    chunks = _chunks(cfg.games, cfg.core)
    if workers == 1:
        for ks in chunks:
            yield run_chunk(cfg, ks)
        return
    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    # workers ignore Ctrl-C: the terminal sends SIGINT to the whole process group, and only
    # this process decides what stops (a worker killed mid-chunk would hang the pool)
    pool = ctx.Pool(min(workers, len(chunks)), initializer=_worker_init)
    finished = False
    try:
        results = pool.imap_unordered(_chunk_star, [(cfg, ks) for ks in chunks])
        for _ in chunks:
            while True:
                try:
                    part = results.next(timeout=0.2)  # wake up often: Ctrl-C is seen at once
                    break
                except mp.TimeoutError:
                    continue
            yield part
        finished = True
    finally:
        with sigint_ignored():  # a second Ctrl-C must not leave the workers behind
            if finished:
                pool.close()
            else:
                stop_pool(pool)
            pool.join()


def stop_pool(pool: Any) -> None:
    """Pool.terminate(), safe when a worker was killed (the terminal's SIGTERM or Ctrl-C reaches
    the whole group): an idle worker holds the task queue's lock while it waits, and a busy one
    the result queue's while it sends a result; one killed then never gives it back, so
    terminate() would wait for it for ever. The workers are killed first, and a lock a dead one
    held is released."""
    from multiprocessing import pool as mp_pool
    handler = getattr(pool, "_worker_handler", None)
    if handler is not None:  # first, no worker is started again in place of a dead one
        handler._state = mp_pool.TERMINATE
        pool._change_notifier.put(None)
        handler.join(timeout=5)
    workers = list(getattr(pool, "_pool", ()))
    for w in workers:
        if w.exitcode is None:
            w.kill()
    for w in workers:
        w.join(timeout=5)
    for queue, name in (("_inqueue", "_rlock"), ("_outqueue", "_wlock")):
        _free(getattr(getattr(pool, queue, None), name, None))
    pool.terminate()


def _free(lock: Any) -> None:
    """Give back a queue's lock if a worker that is gone held it: one that stays taken for half
    a second, with every worker dead, is theirs (the pool's own threads hold it only briefly)."""
    if lock is None:
        return
    if lock.acquire(timeout=0.5):
        lock.release()
        return
    try:
        lock.release()
    except ValueError:  # freed meanwhile
        pass


def _worker_init() -> None:
    """Workers leave stopping to the main process: they ignore Ctrl-C, and SIGTERM (with which
    the pool ends them) kills them quietly, not through the command's handler."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is not signal.SIG_IGN:
        signal.signal(signal.SIGHUP, signal.SIG_DFL)  # (the command's handler, inherited by the fork)


@contextmanager
def sigint_ignored(defer: bool = False) -> Iterator[None]:
    """Ignore Ctrl-C (and SIGTERM and SIGHUP, which the command handles as Ctrl-C) while cleaning up, in
    the main thread only (elsewhere a no-op). With `defer`, a signal that arrives meanwhile is
    not lost but delivered once the block ends (a pool ended between two rounds of games, where
    the run goes on afterwards: a stop asked then must still stop it)."""
    if threading.current_thread() is not threading.main_thread():  # (handlers are the main thread's)
        yield
        return
    arrived: list[int] = []
    hold = (lambda sig, _frame: arrived.append(sig)) if defer else signal.SIG_IGN
    kinds = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    before = {k: signal.getsignal(k) for k in kinds}
    for k in kinds:
        # a signal ignored from the start (a background job's Ctrl-C) stays ignored
        signal.signal(k, signal.SIG_IGN if before[k] is signal.SIG_IGN else hold)
    try:
        yield
    finally:
        for k in kinds:
            signal.signal(k, before[k])
        if arrived and before[arrived[0]] is not signal.SIG_IGN:
            signal.raise_signal(arrived[0])


def forked(fn: Callable[[Any], Any], items: Sequence[Any], workers: int, ordered: bool = True,
           deadline: float | None = None) -> Iterator[Any]:
    """`fn` of each item on `workers` forked processes (what they play is set before the fork),
    in order or as they finish; the main process wakes often, so a stop or the deadline is seen
    at once, and the workers still playing when the caller stops are ended."""
    pool = mp.get_context("fork").Pool(workers, initializer=_worker_init)
    try:
        results = (pool.imap if ordered else pool.imap_unordered)(fn, items, chunksize=1)
        for _ in items:
            while True:
                if deadline is not None and time.monotonic() >= deadline:
                    return
                try:
                    got = results.next(timeout=0.2)
                    break
                except mp.TimeoutError:
                    continue
            yield got
    finally:
        with sigint_ignored(defer=True):  # a stop asked meanwhile still stops the run
            stop_pool(pool)
            pool.join()


def _chunk_star(args: tuple[SimConfig, range]) -> Aggregate:
    return run_chunk(*args)


class RayMissing(Exception):
    pass


def _run_ray(cfg: SimConfig) -> Iterator[Aggregate]:
    try:
        import ray
    except ImportError:
        raise RayMissing("the Ray back-end needs Ray: pip install 'wonders-dsl[ray]' "
                         "(or pip install ray)") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=cfg.ray_address, num_cpus=None if cfg.ray_address else (cfg.workers or None),
                 include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
        started = True
    remote = ray.remote(run_chunk)
    pending = [remote.remote(cfg, ks) for ks in _chunks(cfg.games, cfg.core)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    except BaseException:
        with sigint_ignored():
            for ref in pending:
                ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            with sigint_ignored():
                ray.shutdown()


def simulate(cfg: SimConfig, on_progress: Callable[[Aggregate], None] | None = None,
             deadline: float | None = None) -> tuple[Aggregate, bool]:
    """(aggregate, interrupted). Ctrl-C stops cleanly with what finished; so does the clock
    (time.monotonic()) passing `deadline`, which is not an interruption: the caller compares
    the games played with those asked for."""
    total = Aggregate()
    parts = _run_ray(cfg) if cfg.backend == "ray" else _run_local(cfg)
    try:
        for part in parts:
            total.merge(part)
            if on_progress:
                on_progress(total)
            if deadline is not None and time.monotonic() >= deadline:
                break
        stopped = False
    except KeyboardInterrupt:
        stopped = True
    finally:
        with sigint_ignored():
            try:
                parts.close()  # stop the pool or cancel Ray tasks now, not when the generator is collected
            except KeyboardInterrupt:
                stopped = True
    return total, stopped
