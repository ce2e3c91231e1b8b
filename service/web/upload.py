"""Uploads read in memory, never written to disk.

Starlette's ``Request.form()`` spools each file to a ``SpooledTemporaryFile`` that rolls over to disk
above 1 MB, so a part list (which may name a customer's whole order) could land on the server's disk.
Here the body is read into memory with a size cap, then split with python-multipart's low-level
``MultipartParser`` whose callbacks append to ``bytes`` buffers::

    request body ──(≤ cap, else UploadTooLargeError)──► MultipartParser ──► {field name: Part(filename, data)}

Errors: :class:`UploadTooLargeError` (over the cap, code ``UPLOAD_TOO_LARGE``), :class:`BadUploadError`
(not ``multipart/form-data`` or malformed, code ``BAD_UPLOAD``); both are
:class:`~service.errors.InputValidationError`, so pages show them as typed input errors.
"""

from __future__ import annotations

from dataclasses import dataclass

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

from service.errors import InputValidationError

__all__ = ["BadUploadError", "Part", "UploadTooLargeError", "read_multipart"]

_OVERHEAD_BYTES = 64_000
"""Room for the form's other fields and the multipart headers on top of the file cap (bytes)."""


class UploadTooLargeError(InputValidationError):
    """The request body exceeds the cap (nothing was parsed)."""

    code = "UPLOAD_TOO_LARGE"


class BadUploadError(InputValidationError):
    """The body is not a well-formed ``multipart/form-data`` form."""

    code = "BAD_UPLOAD"


@dataclass(frozen=True)
class Part:
    """One form field: its file name (None for a plain field) and its bytes."""

    filename: str | None
    data: bytes

    @property
    def text(self) -> str:
        """The value of a plain field, decoded as UTF-8 (undecodable bytes replaced)."""
        return self.data.decode("utf-8", errors="replace")


async def read_multipart(request: Request, max_file_bytes: int) -> dict[str, Part]:
    """Read a ``multipart/form-data`` body in memory and split it into its fields.

    Args:
        request: the incoming request.
        max_file_bytes: the largest upload accepted (bytes); the body may be this plus a small
            allowance for the other fields and headers.

    Returns:
        Field name → :class:`Part`; a field sent twice keeps its first value.

    Raises:
        UploadTooLargeError: the body (or its Content-Length) exceeds the cap.
        BadUploadError: not multipart/form-data, no boundary, or malformed.
    """
    cap = max_file_bytes + _OVERHEAD_BYTES
    content_type, params = parse_options_header(request.headers.get("content-type"))
    boundary = params.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise BadUploadError("file", "send the form as multipart/form-data (a file upload)")
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > cap:
        raise UploadTooLargeError("file", f"the upload exceeds {max_file_bytes:,} bytes")

    fields: dict[str, Part] = {}
    headers: dict[bytes, bytes] = {}
    state: dict[str, bytes] = {"field": b"", "value": b""}
    chunks: list[bytes] = []

    def on_part_begin() -> None:
        headers.clear()
        chunks.clear()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        state["field"] += data[start:end]

    def on_header_value(data: bytes, start: int, end: int) -> None:
        state["value"] += data[start:end]

    def on_header_end() -> None:
        headers[state["field"].strip().lower()] = state["value"].strip()
        state["field"] = state["value"] = b""

    def on_part_data(data: bytes, start: int, end: int) -> None:
        chunks.append(data[start:end])

    def on_part_end() -> None:
        _, disposition = parse_options_header(headers.get(b"content-disposition"))
        name = disposition.get(b"name", b"").decode("utf-8", errors="replace")
        filename = disposition.get(b"filename")
        if name and name not in fields:
            fields[name] = Part(
                filename=filename.decode("utf-8", errors="replace") if filename is not None else None,
                data=b"".join(chunks),
            )

    parser = MultipartParser(
        boundary,
        {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > cap:
                raise UploadTooLargeError("file", f"the upload exceeds {max_file_bytes:,} bytes")
            parser.write(chunk)
        parser.finalize()
    except MultipartParseError as exc:
        raise BadUploadError("file", f"the form could not be read: {exc}") from None
    return fields
