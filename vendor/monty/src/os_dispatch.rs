//! Interpreter-side plumbing for OS-level operations.
//!
//! [`OsFunctionCall`] itself (and its typed arg structs) lives in
//! `monty-types` so host crates can match on it without linking the
//! interpreter; it is re-exported here. Type methods and builtins return one
//! as [`CallResult::OsCall`](crate::bytecode::CallResult::OsCall); the VM
//! yields [`FrameExit::OsCall`](crate::bytecode::FrameExit::OsCall) so the
//! host decides whether to permit it. The interpreter itself never performs
//! I/O. This module keeps the `pathlib.Path` method dispatcher that builds
//! the calls from VM values, plus [`PendingEffect`] — the VM-side hook that
//! post-processes an OS-call result on resume.
//!
//! # Adding a new OS call
//!
//! Add a variant carrying a struct in `monty-types` (reuse
//! [`PathStringDataArgs`] etc. if the shape matches, derive `ToArgs` on the
//! struct, update [`OsFunctionCall::name`] and the other inherent methods),
//! add a matching typed arm to `monty.proto`'s `OsCall` and `monty-proto`'s
//! conversions, then wire the new variant into the fs/ dispatcher and any
//! host backends.

use std::{borrow::Cow, mem};

use ahash::AHashSet;
use monty_types::{
    ExcType, MkdirCallArgs, MontyObject, MontyPath, OsFunctionCall, PathBytesDataArgs, PathStringDataArgs,
    RenameCallArgs, ResourceTracker, normalize_virtual_path,
    unstable::{self, MontyNode},
};

use crate::{
    args::{ArgValues, FromArgs, LaxBool},
    bytecode::{CallResult, VM},
    defer_drop,
    exception_private::{ExcTypeExt, RunError, RunResult, SimpleException},
    heap::{ContainsHeap, DropWithContext, Heap, HeapData, HeapId},
    intern::{Interns, StaticStrings},
    modules::{
        os::{PathArgError, check_mode},
        os_path::{
            StatField, expand_user_reply, expand_vars_reply, lexists_reply, realpath_strict_reply, resolved_path_reply,
            samefile_first_reply, samefile_second_reply, stat_field_reply,
        },
        random::RandomRetry,
        time::ClockReading,
    },
    types::{Path, Type, dir_scan::ScanEffect, file::FileName, random::RandomTarget},
    value::Value,
    virtual_path::posix_join,
};

impl<C: ContainsHeap> DropWithContext<C> for OsFunctionCall {
    // Owned args (String/Vec<u8>/bool/MontyPath/MontyObject) hold no live
    // heap references, so a plain drop is correct.
    fn drop_with(self, _heap: &mut C) {
        drop(self);
    }
}

/// Work the VM must perform on the result of a paused OS call when it
/// resumes, instead of pushing the raw host value onto the operand stack.
///
/// The two stages are separate types because they run on different data:
/// [`Pre`](Self::Pre) on the raw [`MontyObject`] before heap conversion,
/// [`Post`](Self::Post) on the converted [`Value`] after it. Rides inside the
/// suspension value — [`CallResult::OsCallWithEffect`], then
/// [`FrameExit::OsCall`](crate::bytecode::FrameExit) — and is armed on the
/// VM's single slot (one call in flight per task) only once the call reaches
/// the host, where a `resume` becomes guaranteed; anything discarding the
/// suspension calls [`release_pending_effect`] instead.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) enum PendingEffect {
    /// Reshapes the host's reply before it is converted to a heap value.
    Pre(PreConversionEffect),
    /// Applies the converted value to VM state, possibly pinning a file.
    Post(PostConversionEffect),
    /// Builds a walk, scandir or glob result from a `Path.scan` reply — or
    /// from the `OSError` it answered with (see [`ScanEffect::absorbs`]).
    Scan(ScanEffect),
}

impl PendingEffect {
    /// Operations whose result `VM::resume` must postprocess before execution
    /// continues, named for the `RuntimeError` a host gets for answering them
    /// with a future (which bypasses `resume`).
    pub(crate) fn immediate_result_name(&self) -> Option<&'static str> {
        match self {
            Self::Pre(effect) => Some(effect.operation_name()),
            Self::Scan(effect) => Some(effect.operation_name()),
            Self::Post(PostConversionEffect::OpenName { .. }) => Some("open"),
            // The parse answers the `json.load` call; a future would hand Python the text.
            Self::Post(PostConversionEffect::JsonLoad { .. }) => Some("json.load"),
            Self::Post(PostConversionEffect::SeedRandom { .. }) => Some("os.urandom"),
            // `time.sleep` blocks by definition, so a future would leave the
            // sandbox running before the wait it asked for finished.
            Self::Post(PostConversionEffect::DiscardResult) => Some("time.sleep"),
            // The reading still has to become a `struct_time` or a string, which
            // a future defers past the point the sandbox needs it.
            Self::Post(PostConversionEffect::ClockReading { .. }) => Some("time.time"),
            // The load answers a `ForIter` or `next()` that is waiting for the
            // buffer; a future would land on the stack where the file is expected.
            Self::Post(PostConversionEffect::BufferLoad { .. } | PostConversionEffect::FileNext { .. }) => {
                Some("file iteration")
            }
            // The replayed call expects its argument loaded; a future would stand in for the call's result.
            Self::Post(PostConversionEffect::LoadThenCall { .. }) => Some("file loading"),
            // A future strands these instead: the awaited value is the raw host reply.
            Self::Post(PostConversionEffect::BufferStore { .. } | PostConversionEffect::WritePosition { .. }) => None,
            // `asyncio.sleep` wants the future: `resume_with_result` moves the
            // result onto the pending awaitable instead.
            Self::Post(PostConversionEffect::SleepResult { .. }) => None,
        }
    }

    /// Discards an effect that will never be applied, releasing whatever it
    /// held across the host yield (see [`PostConversionEffect::release`]).
    pub(crate) fn release(self, heap: &mut impl ContainsHeap) {
        match self {
            Self::Pre(_) => {}
            Self::Post(effect) => effect.release(heap),
            Self::Scan(effect) => effect.release(heap),
        }
    }
}

impl From<PreConversionEffect> for PendingEffect {
    fn from(effect: PreConversionEffect) -> Self {
        Self::Pre(effect)
    }
}

impl From<PostConversionEffect> for PendingEffect {
    fn from(effect: PostConversionEffect) -> Self {
        Self::Post(effect)
    }
}

impl From<ScanEffect> for PendingEffect {
    fn from(effect: ScanEffect) -> Self {
        Self::Scan(effect)
    }
}

/// Reshapes the raw host reply before heap conversion: plain data in, plain
/// data out, so no variant holds a heap reference and none needs cleanup.
// TODO: Consider separating effects from caller names so functions can share result handling.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) enum PreConversionEffect {
    /// `os.listdir`: reduce the host's `Iterdir` result (a list of child
    /// paths) to the list of bare entry names.
    ListdirNames,
    /// Return the destination path after Path.rename succeeds.
    RenamePath { target: String },
    /// Return the destination path after Path.replace succeeds.
    ReplacePath { target: String },
    /// Suppress a missing-file exception only when requested by Path.unlink.
    Unlink { missing_ok: bool },
    /// `os.chdir`: the target was sent to the host as a `Path.stat` call;
    /// normalize and adopt `path` once the reply proves it is a directory.
    Chdir {
        /// Unnormalized absolute target, retained until the host validates it.
        path: String,
        /// The path as the caller spelled it, for `NotADirectoryError` (CPython
        /// reports the argument, not the resolved path).
        spelled: String,
    },
    /// Rebuild directory entries beneath the caller's original `Path`.
    IterdirPaths { path: String },
    /// `os.urandom(size)`: the reply must be `bytes` of exactly `size`, so a
    /// handler cannot hand the sandbox more than it asked (and preflighted) for.
    UrandomLength { size: usize },
    /// `os.path.getsize` and friends: keep one field of a `Path.stat` reply.
    StatField(StatField),
    /// `os.path.realpath`: the `Path.resolve` reply arrives as a path; the
    /// function returns `str`. Under `strict` the reply is then checked with
    /// `Path.exists` ([`RealpathStrict`](Self::RealpathStrict)).
    ResolvedPath { strict: bool },
    /// `os.path.realpath(strict=True)`: a `False` from `Path.exists` on the
    /// resolved path is `FileNotFoundError`; `True` yields the path.
    RealpathStrict { resolved: String },
    /// `os.path.lexists`: a `False` from `Path.exists` is not final — a
    /// dangling symlink exists too — so `Path.is_symlink` decides next.
    Lexists { path: String },
    /// `os.path.samefile`: the first `Path.stat` reply is in; stat `second`
    /// next. `second` is already extracted so its converter error is raised
    /// only now, after the first stat succeeded, in CPython's order.
    SamefileFirst {
        first: String,
        second: Result<String, PathArgError>,
    },
    /// `os.path.samefile`: both stats are in; compare them. The identity is
    /// `(st_ino, st_dev)` as decimal text, an equality key that fits any int.
    SamefileSecond {
        first: String,
        first_identity: (String, String),
        second: String,
    },
    /// `os.path.expanduser`: splice the `os.getenv('HOME')` reply in front of
    /// `tail`, the path after its leading `~`; `None` leaves the path as written.
    ExpandUser {
        #[serde(with = "serde_bytes")]
        tail: Vec<u8>,
        /// Whether the argument was `bytes`, so the result is too.
        is_bytes: bool,
    },
    /// `os.path.expandvars`: substitute `$var` / `${var}` in `path` from the
    /// `os.environ` reply.
    ExpandVars {
        #[serde(with = "serde_bytes")]
        path: Vec<u8>,
        /// Whether the argument was `bytes`, so the result is too.
        is_bytes: bool,
    },
}

impl PreConversionEffect {
    /// Applies the effect to the host's reply, yielding the value the VM
    /// imports and pushes, or the next call of a multi-step operation;
    /// `Chdir` adopts the directory as a side effect.
    pub(crate) fn reshape(self, value: MontyObject, vm: &mut VM<'_>) -> Result<Reshaped, RunError> {
        let reply = match self {
            Self::ListdirNames => listdir_names(value),
            Self::RenamePath { target } | Self::ReplacePath { target } => Ok(MontyObject::path(target)),
            Self::Unlink { .. } => Ok(MontyObject::none()),
            Self::IterdirPaths { path } => iterdir_paths(value, &path, &vm.heap.tracker),
            Self::UrandomLength { size } => urandom_reply(value, size),
            Self::Chdir { path, spelled } => {
                check_chdir_stat(&value, &spelled)?;
                vm.env.cwd = Cow::Owned(normalize_virtual_path(&path).into_owned());
                Ok(MontyObject::none())
            }
            Self::StatField(field) => stat_field_reply(&value, field),
            Self::ResolvedPath { strict } => return resolved_path_reply(&value, strict),
            Self::RealpathStrict { resolved } => realpath_strict_reply(&value, resolved),
            Self::Lexists { path } => return lexists_reply(&value, path),
            Self::SamefileFirst { first, second } => return samefile_first_reply(&value, first, second),
            Self::SamefileSecond {
                first,
                first_identity,
                second,
            } => samefile_second_reply(&value, &first, &first_identity, &second, &vm.env.cwd),
            Self::ExpandUser { tail, is_bytes } => expand_user_reply(&value, &tail, is_bytes),
            Self::ExpandVars { path, is_bytes } => expand_vars_reply(&value, &path, is_bytes, &vm.heap.tracker),
        };
        reply.map(Reshaped::Value)
    }

    /// The Python operation this effect completes, for error messages.
    fn operation_name(&self) -> &'static str {
        match self {
            Self::ListdirNames => "os.listdir",
            Self::RenamePath { .. } => "Path.rename",
            Self::ReplacePath { .. } => "Path.replace",
            Self::Unlink { .. } => "Path.unlink",
            Self::Chdir { .. } => "os.chdir",
            Self::IterdirPaths { .. } => "Path.iterdir",
            Self::UrandomLength { .. } => "os.urandom",
            Self::StatField(field) => field.function(),
            Self::ResolvedPath { .. } | Self::RealpathStrict { .. } => "os.path.realpath",
            Self::Lexists { .. } => "os.path.lexists",
            Self::SamefileFirst { .. } | Self::SamefileSecond { .. } => "os.path.samefile",
            Self::ExpandUser { .. } => "os.path.expanduser",
            Self::ExpandVars { .. } => "os.path.expandvars",
        }
    }
}

/// What a [`PreConversionEffect`] makes of the host's reply: the value the
/// VM pushes, or the next call of an operation that needs several (the
/// VM suspends again instead of resuming Python, as if the function had
/// yielded it itself).
pub(crate) enum Reshaped {
    /// The operation is complete; push this.
    Value(MontyObject),
    /// Suspend again with this call, `effect` armed for its reply.
    Call {
        call: OsFunctionCall,
        effect: Option<PendingEffect>,
    },
}

/// A `Path.stat` reply's field by name, so a host's stat result is accepted
/// whatever its field order; `None` for anything but a named tuple with it.
pub(crate) fn stat_result_field<'a>(value: &'a MontyObject, name: &str) -> Option<&'a MontyNode> {
    match unstable::root_node(value) {
        MontyNode::NamedTuple {
            field_names, values, ..
        } => field_names
            .iter()
            .position(|field| field == name)
            .and_then(|index| values.get(index))
            .map(|id| unstable::node(unstable::child(value.as_ref(), *id))),
        _ => None,
    }
}

/// A `Path.exists` / `Path.is_symlink` reply as a bool, refusing anything else.
pub(crate) fn bool_reply(value: &MontyObject, operation: &str) -> Result<bool, RunError> {
    match unstable::root_node(value) {
        MontyNode::Bool(answer) => Ok(*answer),
        _ => Err(invalid_reply(operation, "a bool", value)),
    }
}

/// The `RuntimeError` for a host reply of the wrong shape: `invalid return
/// type: {operation} requires the host to return {expected}, got {type}`.
pub(crate) fn invalid_reply(operation: &str, expected: &str, value: &MontyObject) -> RunError {
    SimpleException::new_msg(
        ExcType::RuntimeError,
        format!(
            "invalid return type: {operation} requires the host to return {expected}, got {}",
            value.as_ref().type_name()
        ),
    )
    .into()
}

/// Applies the converted host value to VM state. The file variants and
/// `SeedRandom`'s instance target own a reference to their heap object across
/// the host yield (see `inc_ref_for_pending_oscall`) and `SleepResult` owns its
/// value; each is released exactly once — on apply, or via [`Self::release`]
/// when the effect is discarded.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) enum PostConversionEffect {
    /// Store a full-file read result into the file buffer, then compute the
    /// pending read/seek slice (see `types/file.rs`).
    BufferStore { file_id: HeapId },
    /// [`BufferStore`](Self::BufferStore), then parse the rest of the file as
    /// JSON: `json.load(fp)` on a file whose buffer is not loaded yet.
    JsonLoad { file_id: HeapId },
    /// Store a full-file read result into the file buffer and push nothing:
    /// the `ForIter` that found the file unloaded re-dispatches against it.
    BufferLoad { file_id: HeapId },
    /// Store a full-file read result into the file buffer, then answer
    /// `next(file, default)`: the first line, `default` at EOF, or
    /// `StopIteration`. Owns `default`'s reference across the yield.
    FileNext { file_id: HeapId, default: Option<Value> },
    /// Advance the file's logical position by the successful write result.
    WritePosition {
        /// File whose position is updated.
        file_id: HeapId,
        /// Position before the write was dispatched, used to restore state if
        /// the host raises before returning a count.
        previous_position: u64,
        /// Known file length before dispatch, restored on host exception.
        previous_length: u64,
        /// Length of the text as passed to `write()` when newline translation
        /// lengthened the payload: CPython reports that, not what reached the file.
        #[serde(default)]
        text_length: Option<u64>,
        /// Answer `None` instead of the count: `csv.writer.writerows()` writes
        /// its lines in one host call but returns nothing.
        #[serde(default)]
        result_none: bool,
    },
    /// Load an unread file's buffer, then replay `callable(args)`, whose first
    /// argument the file is (`csv.reader(f)`, `tomllib.load(f)`): the consumer
    /// never sees an unloaded file. Owns the callable and the arguments across the yield.
    LoadThenCall {
        file_id: HeapId,
        callable: Value,
        args: ArgValues,
    },
    /// Preserve `open()`'s filename while the returned handle supplies the I/O target,
    /// and apply the `newline` argument, whose value CPython validates after the open.
    OpenName {
        name: FileName,
        #[serde(default)]
        newline: Option<String>,
    },
    /// Seed a `random` generator from the host's `os.urandom` reply, then
    /// answer `None` (`seed()`) or re-run the draw that found it unseeded
    /// (`retry`, which owns the call's arguments across the yield).
    SeedRandom {
        target: RandomTarget,
        retry: Option<RandomRetry>,
    },
    /// Drop the host's answer and evaluate to `None` (`time.sleep`, whose
    /// CPython return value is always `None`).
    DiscardResult,
    /// Turn the host's `time.time` answer into what the `time` function that
    /// asked for it returns — a `struct_time`, a formatted string or
    /// nanoseconds. Holds no heap reference, so nothing to release.
    ClockReading { reading: ClockReading },
    /// Drop the host's answer and produce `result` from an awaitable, so
    /// `asyncio.sleep(delay, result)` is awaitable whether the host answered
    /// immediately (a settled awaitable) or with a future (the pending
    /// awaitable takes `result` over; see `ExternalFuture::sleep_result`).
    /// Owns `result`'s reference; released by [`release_pending_effect`].
    SleepResult { result: Value },
}

impl PostConversionEffect {
    /// Releases what the effect held across the yield: the pinned heap object
    /// (a file handle, or a `random.Random` instance), any stashed arguments
    /// and a sleep's result. The single place that knows which variants carry a refcount.
    pub(crate) fn release(self, heap: &mut impl ContainsHeap) {
        match self {
            Self::BufferStore { file_id }
            | Self::JsonLoad { file_id }
            | Self::BufferLoad { file_id }
            | Self::WritePosition { file_id, .. } => {
                heap.heap_mut().dec_ref(file_id);
            }
            Self::FileNext { file_id, default } => {
                heap.heap_mut().dec_ref(file_id);
                default.drop_with(heap);
            }
            Self::LoadThenCall {
                file_id,
                callable,
                args,
            } => {
                heap.heap_mut().dec_ref(file_id);
                callable.drop_with(heap);
                args.drop_with(heap);
            }
            Self::OpenName { .. } | Self::DiscardResult | Self::ClockReading { .. } => {}
            Self::SleepResult { result } => result.drop_with(heap),
            Self::SeedRandom { target, retry } => {
                if let RandomTarget::Instance(id) = target {
                    heap.heap_mut().dec_ref(id);
                }
                retry.drop_with(heap);
            }
        }
    }
}

/// Releases an effect that will never be resumed, dropping the heap pin,
/// arguments or sleep result it carried (see `inc_ref_for_pending_oscall`).
///
/// Reached via the owner's `drop_with`, or `Drop for VM` once the effect is
/// armed and no owning value remains.
pub(crate) fn release_pending_effect(effect: Option<PendingEffect>, heap: &mut impl ContainsHeap) {
    if let Some(effect) = effect {
        effect.release(heap);
    }
}

/// Resolves every relative path in `call` against `cwd` (see [`posix_join`]).
///
/// Runs at the VM's single OS-call exit, so builtins and `Path` methods can
/// hand over paths exactly as the user wrote them. Absolute and empty paths
/// are left untouched, not copied.
pub(crate) fn resolve_call_paths(call: &mut OsFunctionCall, cwd: &str) {
    for path in call.fs_paths_mut() {
        if !path.is_empty() && !path.starts_with('/') {
            *path = MontyPath::new(posix_join(cwd, path));
        }
    }
}

/// Checks a host `Path.stat` reply for `os.chdir` — the resume half of
/// [`PreConversionEffect::Chdir`], run on the raw [`MontyObject`] before heap
/// import like [`listdir_names`].
///
/// A directory `st_mode` passes and the caller normalizes and adopts the path (`os.chdir`
/// returns `None`); a file raises `NotADirectoryError` naming `spelled`, the
/// path as the caller wrote it. Hosts that answered `Path.stat` with
/// something other than a stat result get the same `RuntimeError` shape as
/// `os.listdir`.
pub(crate) fn check_chdir_stat(value: &MontyObject, spelled: &str) -> Result<(), RunError> {
    const S_IFMT: i64 = 0o170_000;
    const S_IFDIR: i64 = 0o040_000;
    // Anything without an integer `st_mode` is refused.
    match stat_result_field(value, "st_mode") {
        Some(MontyNode::Int(mode)) if mode & S_IFMT == S_IFDIR => Ok(()),
        Some(MontyNode::Int(_)) => Err(ExcType::not_a_directory_error(spelled)),
        _ => Err(invalid_reply("os.chdir", "a stat result", value)),
    }
}

/// Reduces a host `Iterdir` result (list of virtual child paths) to the list
/// of bare entry names `os.listdir` returns — the resume half of
/// [`PreConversionEffect::ListdirNames`].
///
/// Runs on the raw [`MontyObject`] before heap import (see `VM::resume`),
/// so it needs no refcount handling; entries are renamed in place with no new
/// allocations. Virtual paths are always POSIX, so the name is the substring
/// after the last `/`. Hosts answering the `Path.iterdir` callback themselves
/// may return `str` entries instead of paths — both work.
pub(crate) fn listdir_names(value: MontyObject) -> Result<MontyObject, RunError> {
    directory_entries(value, None)
}

/// Accepts an `os.urandom` reply only as `bytes` of the requested length.
fn urandom_reply(value: MontyObject, size: usize) -> Result<MontyObject, RunError> {
    match unstable::root_node(&value) {
        MontyNode::Bytes(bytes) if bytes.len() == size => Ok(value),
        MontyNode::Bytes(bytes) => Err(urandom_reply_error(Ok(bytes.len()), size)),
        _ => Err(urandom_reply_error(Err(value.as_ref().type_name()), size)),
    }
}

/// The `RuntimeError` for an `os.urandom` reply that is not `bytes` of
/// `expected` length: `Ok(len)` for `bytes` of the wrong length, `Err(type)`
/// for any other type. Shared with `random`'s seeding path so the contract
/// and its wording stay identical.
pub(crate) fn urandom_reply_error(actual: Result<usize, &str>, expected: usize) -> RunError {
    let message = match actual {
        Ok(len) => format!("'os.urandom' returned {len} bytes, expected {expected}"),
        Err(type_name) => format!("'os.urandom' must return bytes, not {type_name}"),
    };
    SimpleException::new_msg(ExcType::RuntimeError, message).into()
}

/// Rebuilds host entries using the caller's original relative or absolute directory path.
///
/// The joins repeat the receiver once per host entry, so their total is
/// preflighted against `tracker` in one shot before any is built.
pub(crate) fn iterdir_paths(
    value: MontyObject,
    path: &str,
    tracker: &ResourceTracker,
) -> Result<MontyObject, RunError> {
    directory_entries(value, Some((path, tracker)))
}

/// Reduces host paths to entry names, joining them onto the `Path.iterdir()`
/// receiver when one is given (with the tracker its joins are charged to).
fn directory_entries(value: MontyObject, receiver: Option<(&str, &ResourceTracker)>) -> Result<MontyObject, RunError> {
    let invalid = |type_name: &str| -> RunError {
        let operation = if receiver.is_some() {
            "Path.iterdir"
        } else {
            "os.listdir"
        };
        SimpleException::new_msg(
            ExcType::RuntimeError,
            format!("invalid return type: {operation} requires the host to return a list of paths, got {type_name}"),
        )
        .into()
    };
    let MontyNode::List(ids) = unstable::root_node(&value) else {
        return Err(invalid(value.as_ref().type_name()));
    };
    let ids = ids.clone();
    let (mut graph, root) = unstable::into_graph_parts(value);
    let directory = match receiver {
        Some((path, tracker)) => {
            // Each joined path adds the receiver and a separator on top of the entry.
            tracker.check_allocation(ids.len().saturating_mul(path.len() + 1))?;
            Some(Path::new(path.to_owned()))
        }
        None => None,
    };
    // An entry the host listed twice is one shared node: rewrite it once.
    let mut seen = AHashSet::new();
    for id in ids {
        if !seen.insert(id) {
            continue;
        }
        if !matches!(graph.node(id), MontyNode::Path(_) | MontyNode::String(_)) {
            return Err(invalid(graph.type_name(id)));
        }
        let node = graph.node_mut(id);
        let (MontyNode::Path(entry) | MontyNode::String(entry)) = node else {
            unreachable!("checked above");
        };
        if let Some(sep) = entry.rfind('/') {
            entry.drain(..=sep);
        }
        *node = if let Some(directory) = &directory {
            MontyNode::Path(directory.joinpath(entry))
        } else {
            MontyNode::String(mem::take(entry))
        };
    }
    Ok(unstable::object_from_graph(graph, root).expect("root unchanged"))
}

// =============================================================================
// Path-method dispatcher (used by `types/path.rs`).
// =============================================================================

/// Pre-flight check for [`build_path_os_call`]: lets the caller decide whether
/// to commit ownership of the path/args to the builder.
#[must_use]
pub(crate) fn is_path_os_method(method: StaticStrings) -> bool {
    matches!(
        method,
        StaticStrings::Exists
            | StaticStrings::IsFile
            | StaticStrings::IsDir
            | StaticStrings::IsSymlink
            | StaticStrings::ReadText
            | StaticStrings::ReadBytes
            | StaticStrings::StatMethod
            | StaticStrings::Iterdir
            | StaticStrings::Resolve
            | StaticStrings::Absolute
            | StaticStrings::Unlink
            | StaticStrings::Rmdir
            | StaticStrings::WriteText
            | StaticStrings::AppendText
            | StaticStrings::WriteBytes
            | StaticStrings::AppendBytes
            | StaticStrings::Mkdir
            | StaticStrings::Rename
            | StaticStrings::Replace
    )
}

/// Builds a host request and its resume action for a `pathlib.Path` OS method.
/// Owns `args` and cleans up its references on every error path.
pub(crate) fn build_path_os_call(
    method: StaticStrings,
    path: MontyPath,
    args: ArgValues,
    vm: &mut VM<'_>,
) -> RunResult<CallResult> {
    // Simple "no extra args" path operations are bundled into one arm to avoid
    // 12 near-identical case lines.
    macro_rules! path_only {
        ($name:literal, $variant:ident) => {{
            args.check_zero_args($name, vm.heap)?;
            OsFunctionCall::$variant(path)
        }};
    }

    let call = match method {
        StaticStrings::Exists => path_only!("exists", Exists),
        StaticStrings::IsFile => path_only!("is_file", IsFile),
        StaticStrings::IsDir => path_only!("is_dir", IsDir),
        StaticStrings::IsSymlink => path_only!("is_symlink", IsSymlink),
        StaticStrings::ReadText => path_only!("read_text", ReadText),
        StaticStrings::ReadBytes => path_only!("read_bytes", ReadBytes),
        StaticStrings::StatMethod => {
            let PathStatArgs {
                receiver,
                follow_symlinks,
            } = PathStatArgs::from_args(args.prepend(Value::None), vm)?;
            receiver.drop_with(vm);
            if !follow_symlinks.bool() {
                return Err(ExcType::not_implemented_os_arg(Some("stat"), "follow_symlinks"));
            }
            OsFunctionCall::Stat(path)
        }
        StaticStrings::Iterdir => {
            args.check_zero_args("iterdir", vm.heap)?;
            return Ok(CallResult::OsCallWithEffect {
                effect: PreConversionEffect::IterdirPaths {
                    path: path.as_str().to_owned(),
                }
                .into(),
                call: OsFunctionCall::Iterdir(path),
            });
        }
        StaticStrings::Unlink => return build_path_unlink(path, args, vm),
        StaticStrings::Resolve => path_only!("resolve", Resolve),
        StaticStrings::Absolute => path_only!("absolute", Absolute),
        StaticStrings::Rmdir => path_only!("rmdir", Rmdir),
        StaticStrings::WriteText => {
            OsFunctionCall::WriteText(extract_str_data("write_text", path, args, vm.heap, vm.interns)?)
        }
        StaticStrings::AppendText => {
            OsFunctionCall::AppendText(extract_str_data("append_text", path, args, vm.heap, vm.interns)?)
        }
        StaticStrings::WriteBytes => {
            OsFunctionCall::WriteBytes(extract_bytes_data("write_bytes", path, args, vm.heap, vm.interns)?)
        }
        StaticStrings::AppendBytes => {
            OsFunctionCall::AppendBytes(extract_bytes_data("append_bytes", path, args, vm.heap, vm.interns)?)
        }
        StaticStrings::Mkdir => OsFunctionCall::Mkdir(extract_mkdir_args(path, args, vm)?),
        StaticStrings::Rename | StaticStrings::Replace => {
            let args = extract_rename_args(path, args, method == StaticStrings::Replace, vm)?;
            let target = args.dst.as_str().to_owned();
            let effect = if method == StaticStrings::Replace {
                PreConversionEffect::ReplacePath { target }
            } else {
                PreConversionEffect::RenamePath { target }
            };

            return Ok(CallResult::OsCallWithEffect {
                call: OsFunctionCall::Rename(args),
                effect: effect.into(),
            });
        }
        _ => {
            args.drop_with(vm.heap);
            unreachable!("is_path_os_method gates the call");
        }
    };
    Ok(CallResult::OsCall(call))
}

/// Extracts the `data` arg for `write_text` / `append_text`. Error wording
/// matches the legacy `fs/` dispatcher so existing tests stay green.
fn extract_str_data(
    method: &'static str,
    path: MontyPath,
    args: ArgValues,
    heap: &mut Heap,
    interns: &Interns,
) -> RunResult<PathStringDataArgs> {
    let data = arg_or_missing_data(method, args, heap)?;
    // Only `str`: a path-like is not text, so CPython refuses `Path` and `DirEntry` here.
    let data_str = data.to_str_heap(heap, interns).ok().map(str::to_owned);

    // CPython names the type by its `__name__`: no module (`DirEntry`, not
    // `posix.DirEntry`), but a class's own name (`Point` for a named tuple).
    let type_name = data.py_type_name_heap(heap, interns);
    let py_type = type_name
        .rsplit_once('.')
        .map_or(&*type_name, |(_, name)| name)
        .to_owned();
    data.drop_with(heap);

    match data_str {
        Some(data) => Ok(PathStringDataArgs { path, data }),
        None => Err(ExcType::type_error(format!("data must be str, not {py_type}"))),
    }
}

/// Extracts the `data` arg for `write_bytes` / `append_bytes` — binary
/// companion to [`extract_str_data`].
fn extract_bytes_data(
    method: &'static str,
    path: MontyPath,
    args: ArgValues,
    heap: &mut Heap,
    interns: &Interns,
) -> RunResult<PathBytesDataArgs> {
    let data = arg_or_missing_data(method, args, heap)?;
    let bytes = value_to_owned_bytes(&data, heap, interns);

    let py_type = data.py_type_name_heap(heap, interns);
    data.drop_with(heap);

    match bytes {
        Some(data) => Ok(PathBytesDataArgs { path, data }),
        None => Err(ExcType::type_error(format!(
            "memoryview: a bytes-like object is required, not '{py_type}'"
        ))),
    }
}

/// Path.mkdir binds a receiver slot so arity errors include self.
#[derive(FromArgs)]
#[from_args(name = "Path.mkdir", style = def)]
struct PathMkdirArgs {
    #[from_args(pos_only)]
    receiver: Value,
    #[from_args(default = Value::Int(0o777))]
    mode: Value,
    #[from_args(default = LaxBool::new(false))]
    parents: LaxBool,
    #[from_args(default = LaxBool::new(false))]
    exist_ok: LaxBool,
}

/// Extracts `mode`/`parents`/`exist_ok` for `mkdir`, rejecting unknown or
/// excessive arguments before the host sees the OS call.
fn extract_mkdir_args(path: MontyPath, args: ArgValues, vm: &mut VM<'_>) -> RunResult<MkdirCallArgs> {
    let PathMkdirArgs {
        receiver,
        mode,
        parents,
        exist_ok,
    } = PathMkdirArgs::from_args(args.prepend(Value::None), vm)?;
    receiver.drop_with(vm);
    defer_drop!(mode, vm);
    check_mode(mode, vm)?;
    Ok(MkdirCallArgs {
        path,
        parents: parents.bool(),
        exist_ok: exist_ok.bool(),
    })
}

/// Keyword-only options shared with os.stat.
#[derive(FromArgs)]
#[from_args(name = "Path.stat", style = def)]
struct PathStatArgs {
    #[from_args(pos_only)]
    receiver: Value,
    #[from_args(kw_only, default = LaxBool::new(true))]
    follow_symlinks: LaxBool,
}

#[derive(FromArgs)]
#[from_args(name = "Path.rename", style = def)]
struct PathRenameArgs {
    #[from_args(pos_only)]
    receiver: Value,
    target: Value,
}

#[derive(FromArgs)]
#[from_args(name = "Path.replace", style = def)]
struct PathReplaceArgs {
    #[from_args(pos_only)]
    receiver: Value,
    target: Value,
}

fn extract_rename_args(src: MontyPath, args: ArgValues, replace: bool, vm: &mut VM<'_>) -> RunResult<RenameCallArgs> {
    let (receiver, target) = if replace {
        let PathReplaceArgs { receiver, target } = PathReplaceArgs::from_args(args.prepend(Value::None), vm)?;
        (receiver, target)
    } else {
        let PathRenameArgs { receiver, target } = PathRenameArgs::from_args(args.prepend(Value::None), vm)?;
        (receiver, target)
    };
    receiver.drop_with(vm);
    defer_drop!(target, vm);
    if let Some(dst) = value_to_owned_string(target, vm.heap, vm.interns) {
        Ok(RenameCallArgs {
            src,
            dst: MontyPath::new(dst),
        })
    } else {
        // pathlib delegates to os.rename/replace; bytes paths remain unsupported in Monty.
        let accepted = if target.py_type_heap(vm.heap) == Type::Bytes {
            "string or os.PathLike"
        } else {
            "string, bytes or os.PathLike"
        };
        Err(ExcType::type_error_os_path(
            if replace { "replace" } else { "rename" },
            "dst",
            accepted,
            &target.py_type_name_heap(vm.heap, vm.interns),
        ))
    }
}

#[derive(FromArgs)]
#[from_args(name = "Path.unlink", style = def)]
struct PathUnlinkArgs {
    #[from_args(pos_only)]
    receiver: Value,
    #[from_args(default = LaxBool::new(false))]
    missing_ok: LaxBool,
}

fn build_path_unlink(path: MontyPath, args: ArgValues, vm: &mut VM<'_>) -> RunResult<CallResult> {
    let PathUnlinkArgs { receiver, missing_ok } = PathUnlinkArgs::from_args(args.prepend(Value::None), vm)?;
    receiver.drop_with(vm);
    Ok(CallResult::OsCallWithEffect {
        call: OsFunctionCall::Unlink(path),
        effect: PreConversionEffect::Unlink {
            missing_ok: missing_ok.bool(),
        }
        .into(),
    })
}

/// Pulls the single `data` arg out of `args`, raising the CPython-style
/// `missing 1 required positional argument: 'data'` error when absent.
fn arg_or_missing_data(method: &'static str, args: ArgValues, heap: &mut Heap) -> RunResult<Value> {
    if matches!(args, ArgValues::Empty) {
        return Err(ExcType::type_error(format!(
            "Path.{method}() missing 1 required positional argument: 'data'"
        )));
    }
    args.get_one_arg(method, heap)
}

/// Owned `String` if `value` is a `str`, `Path` or `DirEntry`, else `None`. Caller drops
/// the source value afterwards. Also used by the `os` module's path-taking
/// functions (`modules/os.rs`).
pub(crate) fn value_to_owned_string(value: &Value, heap: &Heap, interns: &Interns) -> Option<String> {
    value_as_path_str(value, heap, interns).map(str::to_owned)
}

/// The text of a `str`, `Path` or `DirEntry` `value`, borrowed, else `None`:
/// what [`value_to_owned_string`] copies, for sizing the copy first.
pub(crate) fn value_as_path_str<'a>(value: &Value, heap: &'a Heap, interns: &'a Interns) -> Option<&'a str> {
    match value {
        Value::InternString(id) => Some(interns.get_str(*id)),
        Value::Ref(id) => match heap.get(*id) {
            HeapData::Str(s) => Some(s.as_str()),
            HeapData::Path(p) => Some(p.as_str()),
            HeapData::DirScan(scan) => scan.fspath(),
            _ => None,
        },
        _ => None,
    }
}

/// Owned `Vec<u8>` if `value` is a `bytes` (interned or heap), else `None`.
pub(crate) fn value_to_owned_bytes(value: &Value, heap: &Heap, interns: &Interns) -> Option<Vec<u8>> {
    match value {
        Value::InternBytes(id) => Some(interns.get_bytes(*id).to_owned()),
        Value::Ref(id) => match heap.get(*id) {
            HeapData::Bytes(b) => Some(b.as_slice().to_owned()),
            _ => None,
        },
        _ => None,
    }
}
