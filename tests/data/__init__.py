"""Real recorded hands the tests replay: the PHH data set, in the repository.

``phh.tar.xz`` is the whole data set (10,089 hands in 10,090 files, 5.7 MB
unpacked, 0.4 MB packed; see ``README.md`` here), under the MIT licence in
``LICENSE`` here.  :func:`phh_data` unpacks it once per test process into a
temporary folder.  A missing or damaged archive is an error, never a skip.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

ARCHIVE = Path(__file__).resolve().with_name("phh.tar.xz")


@functools.cache
def phh_data() -> Path:
    """The data set's ``data`` folder (``pluribus/``, ``wsop/``, ``handhq/``, the
    historical ``*.phh``), unpacked from :data:`ARCHIVE`; removed at exit."""
    root = Path(tempfile.mkdtemp(prefix="pokerroom-phh-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    # Written member by member: several times faster than extractall, which sets
    # modes and times on each of the ten thousand files.
    with tarfile.open(ARCHIVE, "r:xz") as archive:
        for member in archive:
            name = PurePosixPath(member.name)
            if name.is_absolute() or ".." in name.parts:
                raise ValueError(f"{ARCHIVE}: unsafe member {member.name!r}")
            target = root.joinpath(*name.parts)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif member.isfile():
                source = archive.extractfile(member)
                assert source is not None
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(source.read())
            else:
                raise ValueError(f"{ARCHIVE}: unexpected member {member.name!r}")
    data = root / "phh" / "data"
    if not data.is_dir():
        raise FileNotFoundError(f"{ARCHIVE} holds no phh/data folder")
    return data
