use std::{cell::Cell, fmt::Write, ops};

use monty_types::{ResourceError, ResourceTracker};
pub use monty_types::{StringRepr, string_repr_fmt};
use smallvec::smallvec;

use super::{
    Bytes, CmpOrder, PyTrait,
    unicode_type::{casefold, is_space, lowercase, type_record, uppercase},
    unicode_type_data::TypeRecord,
};
use crate::{
    args::{ArgValues, FromArgs, StrArg},
    bytecode::{CallResult, VM},
    codecs::Codec,
    defer_drop,
    exception_private::{ExcType, ExcTypeExt, RunResult},
    hash::{HashValue, hash_python_str},
    heap::{DropWithContext, Heap, HeapData, HeapId, HeapItem, HeapObjectRead, HeapView, heap_read_ref_as_field},
    identity::Identity,
    intern::{Interns, StaticStrings, StringId},
    percent_format::percent_format,
    resource_checks::{check_repeat_size, check_replace_size},
    str_format::str_format,
    string_builder::StringBuilder,
    types::{
        LazyHeapSet, Type,
        long_int::repeat_count,
        py_trait::PyObjectIdentity,
        slice::{optional_sequence_bound, slice_collect_iterator},
    },
    value::{EitherStr, Value, eq_str},
};

/// Python string value stored on the heap.
///
/// Wraps a Rust `String` and provides Python-compatible operations.
/// `len()` returns the number of Unicode codepoints (characters), matching Python semantics.
///
/// Caches its Python hash and whether it is ASCII, both computed on first use and
/// never serialized. ASCII text has one byte per character, so `len()` and
/// indexing are O(1) instead of a UTF-8 walk. Both caches assume the text never changes.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub(crate) struct Str(
    Box<str>,
    #[serde(skip)] Cell<Option<HashValue>>,
    #[serde(skip)] Cell<Option<bool>>,
);

impl PartialEq for Str {
    /// Compares only the string content — the cached fields are pure
    /// optimisations and must not affect equality.
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Str {
    /// Creates a new Str from anything convertible into a `Box<str>`.
    ///
    /// Private — use [`allocate_string`] or [`allocate_string_no_interning`] instead.
    #[must_use]
    fn new(s: impl Into<Box<str>>) -> Self {
        Self(s.into(), Cell::new(None), Cell::new(None))
    }

    /// Returns a reference to the inner string.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether every character is ASCII, scanning the text only on the first call.
    pub fn is_ascii(&self) -> bool {
        if let Some(ascii) = self.2.get() {
            ascii
        } else {
            let ascii = self.0.is_ascii();
            self.2.set(Some(ascii));
            ascii
        }
    }

    /// The length in Unicode code points, as Python's `len()` reports it.
    pub fn char_len(&self) -> usize {
        if self.is_ascii() {
            self.0.len()
        } else {
            self.0.chars().count()
        }
    }

    /// Creates a string from the `str()` constructor call.
    ///
    /// - `str()` with no args returns an empty string (even with `encoding=`)
    /// - `str(x)` converts x to its string representation using `py_str`
    /// - `str(b, encoding, errors)` decodes a bytes object via the codec registry
    pub fn init(vm: &mut VM<'_>, args: ArgValues) -> RunResult<Value> {
        let StrInitArgs {
            object,
            encoding,
            errors,
        } = StrInitArgs::from_args(args, vm)?;
        defer_drop!(object, vm);
        defer_drop!(encoding, vm);
        defer_drop!(errors, vm);
        if encoding.is_none() && errors.is_none() {
            return match object {
                None => Ok(Value::InternString(StringId::EMPTY)),
                Some(v) => v.py_str(vm),
            };
        }
        // Decoding mode. Type-check `encoding` then `errors` first — CPython's
        // clinic converters run before the constructor body sees the object.
        str_ctor_arg_check(encoding.as_ref(), "encoding", vm)?;
        str_ctor_arg_check(errors.as_ref(), "errors", vm)?;
        let Some(object) = object else {
            // A missing object wins over the decoding args: `str(encoding='utf-8')` is ''.
            return Ok(Value::InternString(StringId::EMPTY));
        };
        let bytes: &[u8] = match object {
            Value::InternBytes(bytes_id) => vm.interns.get_bytes(*bytes_id),
            Value::InternString(_) => return Err(ExcType::type_error_decoding_str_not_supported()),
            Value::Ref(heap_id) => match vm.heap.get(*heap_id) {
                HeapData::Bytes(b) => b.as_slice(),
                HeapData::Str(_) => return Err(ExcType::type_error_decoding_str_not_supported()),
                _ => return Err(ExcType::type_error_decoding_need_bytes(object.py_type_name(vm))),
            },
            _ => return Err(ExcType::type_error_decoding_need_bytes(object.py_type_name(vm))),
        };
        let encoding = ctor_str_arg(encoding.as_ref(), "utf-8", vm)?;
        let errors = ctor_str_arg(errors.as_ref(), "strict", vm)?;
        let codec = Codec::find(encoding).ok_or_else(|| ExcType::lookup_error_unknown_encoding(encoding))?;
        let s = codec.decode(bytes, errors)?;
        Ok(allocate_string(s, vm.heap))
    }
}

/// An allocation-free string view that retains interned or heap identity.
///
/// Heap reads keep the receiver available across calls such as `__index__` without
/// holding a Rust borrow of its text during Python execution.
pub(crate) enum PyStr<'h> {
    Interned(StringId),
    Heap(HeapObjectRead<'h, Str>),
}

impl<'h> PyStr<'h> {
    /// Extracts a string without copying its contents.
    pub(crate) fn from_value(value: &Value, vm: &VM<'h>) -> Option<Self> {
        match value {
            Value::InternString(id) => Some(Self::Interned(*id)),
            Value::Ref(id) => vm.heap.read_as(*id).map(Self::Heap),
            _ => None,
        }
    }

    /// Borrows the text only for the duration of the heap borrow.
    pub(crate) fn as_str<'a>(&'a self, vm: &'a VM<'h>) -> &'a str {
        match self {
            Self::Interned(id) => vm.interns.get_str(*id),
            Self::Heap(value) => value.get(vm.heap).as_str(),
        }
    }
}

impl PyObjectIdentity for PyStr<'_> {
    fn py_identity(&self) -> Identity {
        match self {
            Self::Interned(id) => Identity::InternString(id.index()),
            Self::Heap(value) => value.py_identity(),
        }
    }
}

impl<'h> PyTrait<'h> for PyStr<'h> {
    fn py_type(&self, _vm: &VM<'h>) -> Type {
        Type::Str
    }

    fn py_eq_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<bool>> {
        match self {
            Self::Interned(id) => Value::InternString(*id).py_eq_impl(other, vm),
            Self::Heap(value) => value.py_eq_impl(other, vm),
        }
    }

    fn py_str(&self, vm: &mut VM<'h>) -> RunResult<Value> {
        Ok(match self {
            Self::Interned(id) => Value::InternString(*id),
            Self::Heap(value) => value.clone_value(vm.heap),
        })
    }

    fn py_len(&self, vm: &VM<'h>) -> Option<usize> {
        match self {
            Self::Interned(id) => Some(vm.interns.get_str(*id).chars().count()),
            Self::Heap(value) => value.py_len(vm),
        }
    }

    fn py_bool(&self, vm: &mut VM<'h>) -> RunResult<bool> {
        Ok(!self.as_str(vm).is_empty())
    }

    fn py_repr_fmt(&self, f: &mut impl Write, vm: &mut VM<'h>, _heap_ids: &mut LazyHeapSet) -> RunResult<()> {
        Ok(string_repr_fmt(self.as_str(vm), f)?)
    }

    fn py_contains_impl(&self, item: &Value, vm: &mut VM<'h>) -> RunResult<Option<bool>> {
        str_contains(self.as_str(vm), item, vm.heap, vm.interns).map(Some)
    }

    fn py_mul_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        repeat_str(self.as_str(vm), other, vm)
    }

    fn py_rmul_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        self.py_mul_impl(other, vm)
    }

    fn py_add_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        str_add(self.as_str(vm), other, vm)
    }

    fn py_getitem(&self, key: &Value, vm: &mut VM<'h>) -> RunResult<Value> {
        match self {
            Self::Interned(id) => {
                let text = vm.interns.get_str(*id);
                str_getitem(&*vm.heap.protect(text), text.is_ascii(), key, vm)
            }
            Self::Heap(value) => value.py_getitem(key, vm),
        }
    }

    fn py_mod_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        let template = copy_format_template(self.as_str(vm), &vm.heap.tracker)?;
        percent_format(&template, other, vm).map(Some)
    }

    fn py_call_attr(&mut self, vm: &mut VM<'h>, attr: &EitherStr, args: ArgValues) -> RunResult<CallResult> {
        match self {
            Self::Interned(id) => {
                let Some(method) = attr.static_string(vm.interns) else {
                    args.drop_with(vm);
                    return Err(ExcType::attribute_error(Type::Str, attr.as_str(vm.interns)));
                };
                let text = vm.heap.protect(vm.interns.get_str(*id));
                call_str_method_impl(&*text, method, args, vm).map(CallResult::Value)
            }
            Self::Heap(value) => value.py_call_attr(vm, attr, args),
        }
    }
}

/// Argument shape for `str(object='', encoding='utf-8', errors='strict')`.
///
/// `encoding`/`errors` are raw `Value`s validated in the body: CPython's
/// `unicode_new` names a wrong type by its `tp_name` (`must be str, not
/// NoneType`), not `_PyArg_BadArgument`'s `None` special case, so the macro's
/// `bad_arg_named` wording can't be used. `vectorcall` + `at_most_total`
/// model `unicode_vectorcall`'s dual arity wording.
#[derive(FromArgs)]
#[from_args(name = "str", at_most_total, vectorcall)]
struct StrInitArgs {
    #[from_args(default)]
    object: Option<Value>,
    #[from_args(default)]
    encoding: Option<Value>,
    #[from_args(default)]
    errors: Option<Value>,
}

/// Rejects a non-str `encoding`/`errors` argument to `str()` with CPython's
/// `str() argument '{name}' must be str, not {tp_name}` wording.
fn str_ctor_arg_check(arg: Option<&Value>, name: &str, vm: &VM<'_>) -> RunResult<()> {
    match arg {
        Some(v) if !v.is_str(vm.heap) => Err(ExcType::type_error_bad_arg_named(
            "str",
            name,
            "str",
            v.py_type_name(vm),
        )),
        _ => Ok(()),
    }
}

/// Borrows a validated (str-typed) optional constructor argument's text,
/// falling back to `default` when the argument was absent.
fn ctor_str_arg<'a>(arg: Option<&'a Value>, default: &'a str, vm: &'a VM<'_>) -> RunResult<&'a str> {
    match arg {
        None => Ok(default),
        Some(v) => v.to_str(vm),
    }
}

/// Allocates a string, reusing reserved IDs for empty strings and ASCII characters.
/// Other strings are heap-allocated without consulting the executor interner.
/// Owned buffers move into heap storage; borrowed text is copied only when needed.
pub fn allocate_string(s: impl AsRef<str> + Into<Box<str>>, heap: &Heap) -> Value {
    let bytes = s.as_ref().as_bytes();
    match bytes.len() {
        0 => Value::InternString(StringId::EMPTY),
        1 => Value::InternString(StringId::from_ascii(bytes[0])),
        _ => allocate_string_no_interning(s, heap),
    }
}

/// Allocates a string directly on the heap, skipping the intern check.
///
/// Use this only when the caller can guarantee the string is longer than one
/// byte (e.g. always contains a fixed prefix like `"0x"`, `"0o"`, or a
/// formatted date). For inputs of unknown length, use [`allocate_string`].
///
/// Accepts `impl Into<Box<str>>` for the same reasons as [`allocate_string`].
pub fn allocate_string_no_interning(s: impl Into<Box<str>>, heap: &Heap) -> Value {
    let heap_id = heap.allocate(HeapData::Str(Str::new(s)));
    Value::Ref(heap_id)
}

/// Converts a native integer count and preflights the repeated string allocation.
fn repeat_str(value: &str, count: &Value, vm: &VM<'_>) -> RunResult<Option<Value>> {
    let Some(count) = repeat_count(count, vm)? else {
        return Ok(None);
    };
    check_repeat_size(value.len(), count, &vm.heap.tracker)?;
    Ok(Some(allocate_string(value.repeat(count), vm.heap)))
}

/// Allocates a single character as a string value.
///
/// ASCII characters use pre-interned strings for efficiency.
/// Non-ASCII characters are allocated on the heap.
///
/// This is used by string iteration and `chr()` builtin.
pub fn allocate_char(c: char, heap: &Heap) -> Value {
    if c.is_ascii() {
        Value::InternString(StringId::from_ascii(c as u8))
    } else {
        let heap_id = heap.allocate(HeapData::Str(Str::new(c.to_string())));
        Value::Ref(heap_id)
    }
}

/// Concatenates two string slices and allocates the result as a Python string.
///
/// Backs the `str + str` arms of `py_add`: one exactly-sized allocation filled
/// via `push_str`, instead of `format!`'s runtime formatting machinery. The
/// result size is bounded by two already-tracked inputs, so a plain `String`
/// is fine per the `StringBuilder` rule.
pub(crate) fn concat_allocate_str(a: &str, b: &str, heap: &Heap) -> Result<Value, ResourceError> {
    let result_len = a.len().saturating_add(b.len());
    check_repeat_size(result_len, 1, &heap.tracker)?;
    let mut concat = String::with_capacity(result_len);
    concat.push_str(a);
    concat.push_str(b);
    Ok(allocate_string(concat, heap))
}

/// Gets the character at a given index in a string, handling negative indices.
///
/// Returns `None` if the index is out of bounds. `ascii` must say whether `s` is
/// ASCII: then the index is a byte offset, otherwise the text is scanned.
///
/// Negative indices count from the end: -1 is the last character.
pub fn get_char_at_index(s: &str, ascii: bool, index: i64) -> Option<char> {
    let char_count = if ascii { s.len() } else { s.chars().count() };
    let len = i64::try_from(char_count).ok()?;
    let normalized = if index < 0 { index + len } else { index };

    if normalized < 0 || normalized >= len {
        return None;
    }

    let idx = usize::try_from(normalized).ok()?;
    if ascii {
        Some(char::from(s.as_bytes()[idx]))
    } else {
        s.chars().nth(idx)
    }
}

impl ops::Deref for Str {
    type Target = str;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl<'h> PyTrait<'h> for HeapObjectRead<'h, Str> {
    fn py_is_iterable(&self, _vm: &VM<'h>) -> bool {
        true
    }

    /// Substring search; `in` on a str requires a str on the left.
    fn py_contains_impl(&self, item: &Value, vm: &mut VM<'h>) -> RunResult<Option<bool>> {
        let container = self.get(vm.heap).as_str();
        str_contains(container, item, vm.heap, vm.interns).map(Some)
    }

    fn py_type(&self, _vm: &VM<'h>) -> Type {
        Type::Str
    }

    fn py_iter(&self, vm: &mut VM<'h>) -> RunResult<CallResult> {
        Ok(CallResult::Value(StringIterator::from_heap(
            self.id(),
            self.get(vm.heap).as_str().is_ascii(),
            vm,
        )))
    }

    fn py_len(&self, vm: &VM<'h>) -> Option<usize> {
        Some(self.get(vm.heap).char_len())
    }

    fn py_getitem(&self, key: &Value, vm: &mut VM<'h>) -> RunResult<Value> {
        let ascii = self.get(vm.heap).is_ascii();
        let s = heap_read_ref_as_field!(self, Str, 0);
        str_getitem(&s.as_box_value(), ascii, key, vm)
    }

    fn py_eq_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<bool>> {
        // A heap string equals an interned or heap string with the same content.
        Ok(eq_str(self.get(vm.heap).as_str(), other, vm))
    }

    fn py_hash(&self, vm: &mut VM<'h>) -> RunResult<Option<HashValue>> {
        let s = self.get(vm.heap);
        if let Some(cached) = s.1.get() {
            return Ok(Some(cached));
        }
        // Delegates to the canonical helper used by both heap and intern paths;
        // an interned `"foo"` and a heap `"foo"` must hash identically for dict
        // lookup to work.
        let hash = hash_python_str(s.as_str());
        s.1.set(Some(hash));
        Ok(Some(hash))
    }

    fn py_bool(&self, vm: &mut VM<'h>) -> RunResult<bool> {
        Ok(!self.get(vm.heap).0.is_empty())
    }

    fn py_cmp(&self, other: &Self, vm: &mut VM<'h>) -> RunResult<CmpOrder> {
        Ok(CmpOrder::Ordered(self.get(vm.heap).0.cmp(&other.get(vm.heap).0)))
    }

    fn py_repr_fmt(&self, f: &mut impl Write, vm: &mut VM<'h>, _heap_ids: &mut LazyHeapSet) -> RunResult<()> {
        Ok(string_repr_fmt(&self.get(vm.heap).0, f)?)
    }

    fn py_str(&self, vm: &mut VM<'h>) -> RunResult<Value> {
        Ok(allocate_string(self.get(vm.heap).as_str(), vm.heap))
    }

    fn py_add_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        str_add(self.get(vm.heap).as_str(), other, vm)
    }

    fn py_mul_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        repeat_str(self.get(vm.heap).as_str(), other, vm)
    }

    fn py_rmul_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        self.py_mul_impl(other, vm)
    }

    /// `str % args` is printf-style formatting, see `percent_format`.
    fn py_mod_impl(&self, other: &Value, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        let template = copy_format_template(self.get(vm.heap).as_str(), &vm.heap.tracker)?;
        percent_format(&template, other, vm).map(Some)
    }

    fn py_call_attr(&mut self, vm: &mut VM<'h>, attr: &EitherStr, args: ArgValues) -> RunResult<CallResult> {
        let Some(method) = attr.static_string(vm.interns) else {
            args.drop_with(vm);
            return Err(ExcType::attribute_error(Type::Str, attr.as_str(vm.interns)));
        };

        let s = heap_read_ref_as_field!(self, Str, 0);
        let s = s.as_box_value();
        call_str_method_impl(&s, method, args, vm).map(CallResult::Value)
    }
}

/// Concatenation shared by logical string views and concrete heap dispatch.
fn str_add(s: &str, other: &Value, vm: &VM<'_>) -> RunResult<Option<Value>> {
    match PyStr::from_value(other, vm) {
        Some(other) => Ok(Some(concat_allocate_str(s, other.as_str(vm), vm.heap)?)),
        None => Ok(None),
    }
}

/// Indexes protected text, allowing `__index__` to execute before borrowing it.
///
/// `ascii` says whether the text is ASCII, letting indexes and slices address bytes directly.
fn str_getitem<'h>(s: &impl HeapView<'h, str>, ascii: bool, key: &Value, vm: &mut VM<'h>) -> RunResult<Value> {
    if let Value::Ref(id) = key
        && let HeapData::Slice(slice) = vm.heap.get(*id)
    {
        let text = s.get(vm.heap);
        let result: Box<str> = if ascii {
            // Byte iterators count and skip in O(1), unlike `chars()`.
            slice_collect_iterator(vm, slice, text.bytes(), char::from)?
        } else {
            slice_collect_iterator(vm, slice, text.chars(), |c| c)?
        };
        Ok(allocate_string(result, vm.heap))
    } else {
        let index = key.as_index(vm, Type::Str)?;
        let c = get_char_at_index(s.get(vm.heap), ascii, index).ok_or_else(ExcType::str_index_error)?;
        Ok(allocate_char(c, vm.heap))
    }
}

impl HeapItem for Str {
    fn py_dec_ref_ids(&mut self, _stack: &mut Vec<HeapId>) {
        // No-op: strings don't hold Value references
    }
}

const FORMAT_TEMPLATE_COPY_CHUNK: usize = 64 * 1024;

/// Copies a formatting template with resource checks before Python callbacks can mutate the heap.
pub(crate) fn copy_format_template(template: &str, tracker: &ResourceTracker) -> RunResult<String> {
    tracker.check_time()?;
    let mut copy = StringBuilder::with_capacity(template.len(), tracker)?;
    let mut start = 0;
    while start < template.len() {
        tracker.check_time()?;
        let mut end = start.saturating_add(FORMAT_TEMPLATE_COPY_CHUNK).min(template.len());
        while !template.is_char_boundary(end) {
            end -= 1;
        }
        copy.push_str(&template[start..end])?;
        start = end;
    }
    tracker.check_time()?;
    copy.finish_raw()
}

/// Dispatches methods for both logical strings and concrete heap strings.
/// The protected text can remain live while a method re-enters Python.
fn call_str_method_impl<'h>(
    s: &impl HeapView<'h, str>,
    method: StaticStrings,
    args: ArgValues,
    vm: &mut VM<'h>,
) -> RunResult<Value> {
    match method {
        // Simple transformations (no arguments)
        StaticStrings::Lower => {
            args.check_zero_args("str.lower", vm.heap)?;
            Ok(str_lower(s.get(vm.heap), vm))
        }
        StaticStrings::Upper => {
            args.check_zero_args("str.upper", vm.heap)?;
            Ok(str_upper(s.get(vm.heap), vm))
        }
        StaticStrings::Capitalize => {
            args.check_zero_args("str.capitalize", vm.heap)?;
            Ok(str_capitalize(s.get(vm.heap), vm))
        }
        StaticStrings::Title => {
            args.check_zero_args("str.title", vm.heap)?;
            Ok(str_title(s.get(vm.heap), vm))
        }
        StaticStrings::Swapcase => {
            args.check_zero_args("str.swapcase", vm.heap)?;
            Ok(str_swapcase(s.get(vm.heap), vm))
        }
        StaticStrings::Casefold => {
            args.check_zero_args("str.casefold", vm.heap)?;
            Ok(str_casefold(s.get(vm.heap), vm))
        }
        // Predicate methods (no arguments, return bool)
        StaticStrings::Isalpha => {
            args.check_zero_args("str.isalpha", vm.heap)?;
            Ok(Value::Bool(str_isalpha(s.get(vm.heap))))
        }
        StaticStrings::Isdigit => {
            args.check_zero_args("str.isdigit", vm.heap)?;
            Ok(Value::Bool(str_isdigit(s.get(vm.heap))))
        }
        StaticStrings::Isalnum => {
            args.check_zero_args("str.isalnum", vm.heap)?;
            Ok(Value::Bool(str_isalnum(s.get(vm.heap))))
        }
        StaticStrings::Isnumeric => {
            args.check_zero_args("str.isnumeric", vm.heap)?;
            Ok(Value::Bool(str_isnumeric(s.get(vm.heap))))
        }
        StaticStrings::Isspace => {
            args.check_zero_args("str.isspace", vm.heap)?;
            Ok(Value::Bool(str_isspace(s.get(vm.heap))))
        }
        StaticStrings::Islower => {
            args.check_zero_args("str.islower", vm.heap)?;
            Ok(Value::Bool(str_islower(s.get(vm.heap))))
        }
        StaticStrings::Isupper => {
            args.check_zero_args("str.isupper", vm.heap)?;
            Ok(Value::Bool(str_isupper(s.get(vm.heap))))
        }
        StaticStrings::Isascii => {
            args.check_zero_args("str.isascii", vm.heap)?;
            Ok(Value::Bool(s.get(vm.heap).is_ascii()))
        }
        StaticStrings::Isdecimal => {
            args.check_zero_args("str.isdecimal", vm.heap)?;
            Ok(Value::Bool(str_isdecimal(s.get(vm.heap))))
        }
        // Search methods
        StaticStrings::Find => str_find(s, args, vm),
        StaticStrings::Rfind => str_rfind(s, args, vm),
        StaticStrings::Index => str_index(s, args, vm),
        StaticStrings::Rindex => str_rindex(s, args, vm),
        StaticStrings::Count => str_count(s, args, vm),
        StaticStrings::Startswith => str_startswith(s, args, vm),
        StaticStrings::Endswith => str_endswith(s, args, vm),
        // Strip/trim methods
        StaticStrings::Strip => str_strip(s, args, vm),
        StaticStrings::Lstrip => str_lstrip(s, args, vm),
        StaticStrings::Rstrip => str_rstrip(s, args, vm),
        StaticStrings::Removeprefix => str_removeprefix(s, args, vm),
        StaticStrings::Removesuffix => str_removesuffix(s, args, vm),
        // Split methods
        StaticStrings::Split => str_split(s, args, vm),
        StaticStrings::Rsplit => str_rsplit(s, args, vm),
        StaticStrings::Splitlines => str_splitlines(s, args, vm),
        StaticStrings::Partition => str_partition(s, args, vm),
        StaticStrings::Rpartition => str_rpartition(s, args, vm),
        // Replace/modify methods
        StaticStrings::Replace => str_replace(s, args, vm),
        StaticStrings::Center => str_center(s, args, vm),
        StaticStrings::Ljust => str_ljust(s, args, vm),
        StaticStrings::Rjust => str_rjust(s, args, vm),
        StaticStrings::Zfill => str_zfill(s, args, vm),
        StaticStrings::Expandtabs => str_expandtabs(s, args, vm),
        StaticStrings::Format => {
            let template = match copy_format_template(s.get(vm.heap), &vm.heap.tracker) {
                Ok(template) => template,
                Err(error) => {
                    args.drop_with(vm);
                    return Err(error);
                }
            };
            str_format(&template, args, vm)
        }
        // Additional methods
        StaticStrings::Encode => str_encode(s, args, vm),
        StaticStrings::Isidentifier => {
            args.check_zero_args("str.isidentifier", vm.heap)?;
            Ok(Value::Bool(str_isidentifier(s.get(vm.heap))))
        }
        StaticStrings::Istitle => {
            args.check_zero_args("str.istitle", vm.heap)?;
            Ok(Value::Bool(str_istitle(s.get(vm.heap))))
        }
        StaticStrings::Isprintable => {
            args.check_zero_args("str.isprintable", vm.heap)?;
            Ok(Value::Bool(str_isprintable(s.get(vm.heap))))
        }
        // Existing method
        StaticStrings::Join => {
            let iterable = args.get_one_arg("str.join", vm.heap)?;
            str_join(s, iterable, vm)
        }
        _ => {
            args.drop_with(vm);
            Err(ExcType::attribute_error(Type::Str, method.into()))
        }
    }
}

/// Implements Python's `str.join(iterable)` method.
///
/// Joins elements of the iterable with the separator string, returning
/// a new heap-allocated string. Each element must be a string.
///
/// # Arguments
/// * `separator` - The separator string (e.g., "," for comma-separated)
/// * `iterable` - The iterable containing string elements to join
/// * `heap` - The heap for allocation and reference counting
/// * `interns` - The interns table for resolving interned strings
///
/// # Errors
/// Returns `TypeError` if the argument is not iterable or if any element is not a string.
fn str_join<'h>(separator: &impl HeapView<'h, str>, iterable: Value, vm: &mut VM<'h>) -> RunResult<Value> {
    // Checked up front: a user `__iter__` can raise anything, and rewriting that
    // as "can only join an iterable" would hide it, resource errors included.
    if !iterable.py_is_iterable(vm) {
        iterable.drop_with(vm);
        return Err(ExcType::type_error_join_not_iterable());
    }
    let iter = iterable.into_py_iter(vm)?.require_synchronous(vm)?;
    defer_drop!(iter, vm);
    let mut iter = iter.read(vm);

    // Build result string, tracking index for error messages
    let mut result = String::new();
    let mut index = 0usize;

    while let Some(item) = iter.py_next(vm)? {
        defer_drop!(item, vm);
        if index > 0 {
            result.push_str(separator.get(vm.heap));
        }

        // Check item is a string and extract its content
        match item {
            Value::InternString(id) => {
                result.push_str(vm.interns.get_str(*id));
            }
            Value::Ref(heap_id) => {
                if let HeapData::Str(s) = vm.heap.get(*heap_id) {
                    result.push_str(s.as_str());
                } else {
                    let t = item.py_type_name(vm);
                    return Err(ExcType::type_error_join_item(index, &t));
                }
            }
            _ => {
                let t = item.py_type_name(vm);
                return Err(ExcType::type_error_join_item(index, &t));
            }
        }
        index += 1;
    }

    // Allocate result (uses interned empty string if result is empty)
    Ok(allocate_string(result, vm.heap))
}

// =============================================================================
// Simple transformations (no arguments)
// =============================================================================

/// Implements Python's `str.lower()` method.
fn str_lower(s: &str, vm: &VM<'_>) -> Value {
    allocate_string(lowercase(s), vm.heap)
}

/// Implements Python's `str.upper()` method.
fn str_upper(s: &str, vm: &VM<'_>) -> Value {
    allocate_string(uppercase(s), vm.heap)
}

/// Implements Python's `str.capitalize()` method.
///
/// Returns a copy of the string with its first character titlecased and the rest lowercased.
fn str_capitalize(s: &str, vm: &VM<'_>) -> Value {
    let mut result = String::with_capacity(s.len());
    let mut chars = s.char_indices();
    if let Some((_, first)) = chars.next() {
        type_record(first).push_title(&mut result, first);
        for (i, c) in chars {
            type_record(c).push_lower(&mut result, s, i, c);
        }
    }
    allocate_string(result, vm.heap)
}

/// Implements Python's `str.title()` method.
///
/// Titlecases the first character after each uncased one and lowercases the rest.
fn str_title(s: &str, vm: &VM<'_>) -> Value {
    let mut result = String::with_capacity(s.len());
    let mut prev_is_cased = false;

    for (i, c) in s.char_indices() {
        let record = type_record(c);
        if prev_is_cased {
            record.push_lower(&mut result, s, i, c);
        } else {
            record.push_title(&mut result, c);
        }
        prev_is_cased = record.is_cased();
    }

    allocate_string(result, vm.heap)
}

/// Implements Python's `str.swapcase()` method.
///
/// Returns a copy of the string with uppercase characters converted to lowercase and vice versa.
fn str_swapcase(s: &str, vm: &VM<'_>) -> Value {
    let mut result = String::with_capacity(s.len());

    for (i, c) in s.char_indices() {
        let record = type_record(c);
        if record.is_upper() {
            record.push_lower(&mut result, s, i, c);
        } else if record.is_lower() {
            record.push_upper(&mut result, c);
        } else {
            result.push(c);
        }
    }

    allocate_string(result, vm.heap)
}

/// Implements Python's `str.casefold()` method.
///
/// Uses full default Unicode folding without normalization or locale tailoring.
fn str_casefold(s: &str, vm: &VM<'_>) -> Value {
    allocate_string(casefold(s), vm.heap)
}

// =============================================================================
// Predicate methods (no arguments, return bool)
// =============================================================================

/// Implements Python's `str.isalpha()` method.
///
/// Returns True if all characters in the string are alphabetic and there is at least one character.
fn str_isalpha(s: &str) -> bool {
    all_chars(s, TypeRecord::is_alpha)
}

/// Whether `s` is non-empty and every character's record satisfies `pred`, the shape shared by
/// the `is*` predicates.
fn all_chars(s: &str, pred: fn(&TypeRecord) -> bool) -> bool {
    !s.is_empty() && s.chars().all(|c| pred(type_record(c)))
}

/// Implements Python's `str.isdigit()` method.
///
/// Returns True if all characters in the string are digits and there is at least one character.
/// In Python, digits include decimal digits (Nd) plus characters with Numeric_Type=Digit
/// (superscripts, subscripts, circled digits, etc.).
fn str_isdigit(s: &str) -> bool {
    all_chars(s, TypeRecord::is_digit)
}

/// Implements Python's `str.isalnum()` method.
///
/// Returns True if all characters in the string are alphanumeric and there is at least one character.
fn str_isalnum(s: &str) -> bool {
    all_chars(s, |record| {
        record.is_alpha() || record.is_decimal() || record.is_digit() || record.is_numeric()
    })
}

/// Implements Python's `str.isnumeric()` method.
///
/// Returns True if all characters in the string are numeric and there is at least one character.
/// Numeric characters carry any `Numeric_Type`, including CJK ideographs such as `一`.
fn str_isnumeric(s: &str) -> bool {
    all_chars(s, TypeRecord::is_numeric)
}

/// Implements Python's `str.isspace()` method.
///
/// Returns True if all characters in the string are whitespace and there is at least one character.
fn str_isspace(s: &str) -> bool {
    all_chars(s, TypeRecord::is_space)
}

/// Implements Python's `str.isprintable()` method.
///
/// Returns True if all characters are printable or the string is empty.
fn str_isprintable(s: &str) -> bool {
    s.chars().all(|c| type_record(c).is_printable())
}

/// Implements Python's `str.islower()` method.
///
/// Returns True if all cased characters in the string are lowercase and there is at least one cased character.
fn str_islower(s: &str) -> bool {
    let mut has_cased = false;
    for c in s.chars() {
        let record = type_record(c);
        if record.is_upper() || record.is_title() {
            return false;
        }
        has_cased |= record.is_lower();
    }
    has_cased
}

/// Implements Python's `str.isupper()` method.
///
/// Returns True if all cased characters in the string are uppercase and there is at least one cased character.
fn str_isupper(s: &str) -> bool {
    let mut has_cased = false;
    for c in s.chars() {
        let record = type_record(c);
        if record.is_lower() || record.is_title() {
            return false;
        }
        has_cased |= record.is_upper();
    }
    has_cased
}

/// Implements Python's `str.isdecimal()` method.
///
/// Returns True if all characters in the string are decimal characters and there is at least one character.
/// Decimal characters are those in Unicode category Nd (Decimal_Number) - digits that can be used
/// to form numbers in base 10.
fn str_isdecimal(s: &str) -> bool {
    all_chars(s, TypeRecord::is_decimal)
}

// =============================================================================
// Search methods
// =============================================================================

/// Implements Python's `str.find(sub, start?, end?)` method.
///
/// Returns the lowest index in the string where substring sub is found within
/// the slice s[start:end]. Returns -1 if sub is not found.
fn str_find<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let (sub, start, end) = parse_search_args("str.find", str_len, args, vm)?;
    let s = s.get(vm.heap);
    let slice = slice_string(s, start, end);
    let result = match slice.find(&sub) {
        Some(pos) => {
            // Convert byte offset to char offset, then add start offset
            let char_pos = slice[..pos].chars().count();
            i64::try_from(start + char_pos).unwrap_or(i64::MAX)
        }
        None => -1,
    };
    Ok(Value::Int(result))
}

/// Implements Python's `str.rfind(sub, start?, end?)` method.
///
/// Returns the highest index in the string where substring sub is found within
/// the slice s[start:end]. Returns -1 if sub is not found.
fn str_rfind<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let (sub, start, end) = parse_search_args("str.rfind", str_len, args, vm)?;
    let s = s.get(vm.heap);
    let slice = slice_string(s, start, end);
    let result = match slice.rfind(&sub) {
        Some(pos) => {
            // Convert byte offset to char offset, then add start offset
            let char_pos = slice[..pos].chars().count();
            i64::try_from(start + char_pos).unwrap_or(i64::MAX)
        }
        None => -1,
    };
    Ok(Value::Int(result))
}

/// Implements Python's `str.index(sub, start?, end?)` method.
///
/// Like find(), but raises ValueError when the substring is not found.
fn str_index<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let (sub, start, end) = parse_search_args("str.index", str_len, args, vm)?;
    let s = s.get(vm.heap);
    let slice = slice_string(s, start, end);
    match slice.find(&sub) {
        Some(pos) => {
            let char_pos = slice[..pos].chars().count();
            let result = i64::try_from(start + char_pos).unwrap_or(i64::MAX);
            Ok(Value::Int(result))
        }
        None => Err(ExcType::value_error_substring_not_found()),
    }
}

/// Implements Python's `str.rindex(sub, start?, end?)` method.
///
/// Like rfind(), but raises ValueError when the substring is not found.
fn str_rindex<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let (sub, start, end) = parse_search_args("str.rindex", str_len, args, vm)?;
    let s = s.get(vm.heap);
    let slice = slice_string(s, start, end);
    match slice.rfind(&sub) {
        Some(pos) => {
            let char_pos = slice[..pos].chars().count();
            let result = i64::try_from(start + char_pos).unwrap_or(i64::MAX);
            Ok(Value::Int(result))
        }
        None => Err(ExcType::value_error_substring_not_found()),
    }
}

/// Implements Python's `str.count(sub, start?, end?)` method.
///
/// Returns the number of non-overlapping occurrences of substring sub in
/// the string s[start:end].
fn str_count<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let (sub, start, end) = parse_search_args("str.count", str_len, args, vm)?;
    let s = s.get(vm.heap);
    let slice = slice_string(s, start, end);
    let count = if sub.is_empty() {
        // Empty string matches between every character, plus start and end
        slice.chars().count() + 1
    } else {
        slice.matches(&sub).count()
    };
    let result = i64::try_from(count).unwrap_or(i64::MAX);
    Ok(Value::Int(result))
}

/// Implements Python's `str.startswith(prefix, start?, end?)` method.
///
/// Returns True if the string starts with the prefix, otherwise returns False.
/// The prefix argument can be a string or a tuple of strings.
fn str_startswith<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    str_starts_ends_with(s, "str.startswith", |hay, prefix| hay.starts_with(prefix), args, vm)
}

/// Implements Python's `str.endswith(suffix, start?, end?)` method.
///
/// Returns True if the string ends with the suffix, otherwise returns False.
/// The suffix argument can be a string or a tuple of strings.
fn str_endswith<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    str_starts_ends_with(s, "str.endswith", |hay, suffix| hay.ends_with(suffix), args, vm)
}

/// Shared implementation of `str.startswith`/`str.endswith`.
///
/// Argument handling mirrors CPython's order: arg count, then start/end index
/// conversion (bad indices raise before the affix is even looked at), then the
/// affix itself — where tuple elements are validated lazily and in order, so a
/// match short-circuits before later elements are type-checked. Affix strings
/// are borrowed straight from interns/heap, never copied.
fn str_starts_ends_with<'h>(
    s: &impl HeapView<'h, str>,
    method: &'static str,
    matcher: impl Fn(&str, &str) -> bool,
    args: ArgValues,
    vm: &mut VM<'h>,
) -> RunResult<Value> {
    let str_len = s.get(vm.heap).chars().count();
    let pos = args.into_pos_only(method, vm.heap)?;
    defer_drop!(pos, vm);
    let [affix, rest @ ..] = pos.as_slice() else {
        return Err(ExcType::type_error_at_least(method, 1, 0));
    };
    if rest.len() > 2 {
        return Err(ExcType::type_error_at_most(method, 3, pos.len()));
    }
    let start = match rest.first() {
        Some(value) => optional_sequence_bound(value, 0, str_len, vm)?,
        None => 0,
    };
    let end = match rest.get(1) {
        Some(value) => optional_sequence_bound(value, str_len, str_len, vm)?,
        None => str_len,
    };
    let slice = slice_string(s.get(vm.heap), start, end);
    Ok(Value::Bool(affix_matches(affix, slice, method, matcher, vm)?))
}

/// Tests `matcher(slice, affix)` (`str::starts_with` or `str::ends_with`) against
/// the affix argument, validating it in the process — see [`str_starts_ends_with`].
///
/// Tuple elements are checked in CPython order: a matching element returns
/// `Ok(true)` before later elements are type-checked; the first non-str element
/// reached raises `tuple for {method} must only contain str, not {type}`.
fn affix_matches(
    affix: &Value,
    slice: &str,
    method: &'static str,
    matcher: impl Fn(&str, &str) -> bool,
    vm: &VM<'_>,
) -> RunResult<bool> {
    // CPython error messages use the bare method name, not "str.startswith".
    let short_method = method.strip_prefix("str.").unwrap_or(method);
    let check = |a: &str| matcher(slice, a);
    match affix {
        Value::InternString(id) => Ok(check(vm.interns.get_str(*id))),
        Value::Ref(heap_id) => match vm.heap.get(*heap_id) {
            HeapData::Str(a) => Ok(check(a.as_str())),
            HeapData::Tuple(tuple) => {
                for item in tuple.as_slice() {
                    let matched = match item {
                        Value::InternString(id) => check(vm.interns.get_str(*id)),
                        Value::Ref(hid) if let HeapData::Str(a) = vm.heap.get(*hid) => check(a.as_str()),
                        _ => {
                            return Err(ExcType::type_error_affix_tuple_item(
                                short_method,
                                "str",
                                &item.py_type_name(vm),
                            ));
                        }
                    };
                    if matched {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(ExcType::type_error_affix_arg(
                short_method,
                "str",
                &affix.py_type_name(vm),
            )),
        },
        _ => Err(ExcType::type_error_affix_arg(
            short_method,
            "str",
            &affix.py_type_name(vm),
        )),
    }
}

/// Parses arguments for search methods (find, rfind, index, rindex, count, startswith, endswith).
///
/// Returns (substring, start, end) where start and end are character indices.
fn parse_search_args(
    method: &str,
    str_len: usize,
    args: ArgValues,
    vm: &mut VM<'_>,
) -> RunResult<(String, usize, usize)> {
    let pos = args.into_pos_only(method, vm.heap)?;
    defer_drop!(pos, vm);
    match pos.as_slice() {
        [sub_value] => {
            let sub = extract_string_arg(sub_value, vm)?;
            Ok((sub, 0, str_len))
        }
        [sub_value, start_value] => {
            let sub = extract_string_arg(sub_value, vm)?;
            let start = optional_sequence_bound(start_value, 0, str_len, vm)?;
            Ok((sub, start, str_len))
        }
        [sub_value, start_value, end_value] => {
            let sub = extract_string_arg(sub_value, vm)?;
            let start = optional_sequence_bound(start_value, 0, str_len, vm)?;
            let end = optional_sequence_bound(end_value, str_len, str_len, vm)?;
            Ok((sub, start, end))
        }
        [] => Err(ExcType::type_error_at_least(method, 1, 0)),
        _ => Err(ExcType::type_error_at_most(method, 3, pos.len())),
    }
}

/// Extracts a string from a Value, returning an error if not a string.
fn extract_string_arg(value: &Value, vm: &mut VM<'_>) -> RunResult<String> {
    match value {
        Value::InternString(id) => Ok(vm.interns.get_str(*id).to_owned()),
        Value::Ref(heap_id) => {
            if let HeapData::Str(s) = vm.heap.get(*heap_id) {
                Ok(s.as_str().to_owned())
            } else {
                Err(ExcType::type_error("expected str"))
            }
        }
        _ => Err(ExcType::type_error("expected str")),
    }
}

/// Extracts an integer from a Value, returning an error if not an integer.
///
/// Delegates rather than re-matching: [`Value::as_int`] is the one place that
/// knows about `LongInt` and a user `__index__`, and its wording is CPython's
/// (`'str' object cannot be interpreted as an integer`, `Python int too large
/// to convert to C ssize_t`) where the hand-rolled version here was not.
fn extract_int_arg(value: &Value, vm: &mut VM<'_>) -> RunResult<i64> {
    value.as_int(vm)
}

/// Extracts a C `int`-bounded integer, as CPython's clinic `int` converter does.
///
/// Distinct from [`extract_int_arg`], which is `ssize_t`-bounded: `str.expandtabs`
/// declares `tabsize` as a C `int`, so `2**31` is an `OverflowError` there while
/// an `ssize_t` argument still accepts it. Rejecting up front also keeps a large
/// `tabsize` from reaching the space-building loop, where each tab amplifies into
/// `tabsize` bytes.
fn extract_c_int_arg(value: &Value, vm: &mut VM<'_>) -> RunResult<i32> {
    let as_i64 = value.as_int_with_overflow(vm, ExcType::overflow_c_int)?;
    i32::try_from(as_i64).map_err(|_| ExcType::overflow_c_int())
}

/// Returns a substring of s from character index start to end; ASCII text is sliced by byte offset.
fn slice_string(s: &str, start: usize, end: usize) -> &str {
    if start >= end {
        return "";
    }
    if s.is_ascii() {
        return &s[start.min(s.len())..end.min(s.len())];
    }

    let mut start_byte = s.len();
    let mut end_byte = s.len();

    for (char_idx, (byte_idx, _)) in s.char_indices().enumerate() {
        if char_idx == start {
            start_byte = byte_idx;
        }
        if char_idx == end {
            end_byte = byte_idx;
            break;
        }
    }

    &s[start_byte..end_byte]
}

// =============================================================================
// Strip/trim methods
// =============================================================================

/// Implements Python's `str.strip(chars?)` method.
///
/// Returns a copy of the string with leading and trailing characters removed.
/// If chars is not specified, whitespace characters are removed.
fn str_strip<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let chars = parse_strip_arg("str.strip", args, vm)?;
    let s = s.get(vm.heap);
    let result = match &chars {
        Some(c) => s.trim_matches(|ch| c.contains(ch)).to_owned(),
        None => s.trim_matches(is_space).to_owned(),
    };
    Ok(allocate_string(result, vm.heap))
}

/// Implements Python's `str.lstrip(chars?)` method.
///
/// Returns a copy of the string with leading characters removed.
fn str_lstrip<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let chars = parse_strip_arg("str.lstrip", args, vm)?;
    let s = s.get(vm.heap);
    let result = match &chars {
        Some(c) => s.trim_start_matches(|ch| c.contains(ch)).to_owned(),
        None => s.trim_start_matches(is_space).to_owned(),
    };
    Ok(allocate_string(result, vm.heap))
}

/// Implements Python's `str.rstrip(chars?)` method.
///
/// Returns a copy of the string with trailing characters removed.
fn str_rstrip<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let chars = parse_strip_arg("str.rstrip", args, vm)?;
    let s = s.get(vm.heap);
    let result = match &chars {
        Some(c) => s.trim_end_matches(|ch| c.contains(ch)).to_owned(),
        None => s.trim_end_matches(is_space).to_owned(),
    };
    Ok(allocate_string(result, vm.heap))
}

/// Parses the optional chars argument for strip methods.
///
/// Accepts None as a value meaning "use default whitespace stripping".
fn parse_strip_arg(method: &str, args: ArgValues, vm: &mut VM<'_>) -> RunResult<Option<String>> {
    let value = args.get_zero_one_arg(method, vm.heap)?;
    match value {
        None => Ok(None),
        Some(Value::None) => Ok(None), // Explicit None means default whitespace
        Some(v) => {
            defer_drop!(v, vm);
            let result = extract_string_arg(v, vm)?;
            Ok(Some(result))
        }
    }
}

/// Implements Python's `str.removeprefix(prefix)` method.
///
/// If the string starts with the prefix string, return string[len(prefix):].
/// Otherwise, return a copy of the original string.
fn str_removeprefix<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let prefix_value = args.get_one_arg("str.removeprefix", vm.heap)?;
    defer_drop!(prefix_value, vm);
    let prefix = extract_string_arg(prefix_value, vm)?;

    let s = s.get(vm.heap);
    let result = s.strip_prefix(&prefix).unwrap_or(s).to_owned();
    Ok(allocate_string(result, vm.heap))
}

/// Implements Python's `str.removesuffix(suffix)` method.
///
/// If the string ends with the suffix string, return string[:-len(suffix)].
/// Otherwise, return a copy of the original string.
fn str_removesuffix<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let suffix_value = args.get_one_arg("str.removesuffix", vm.heap)?;
    defer_drop!(suffix_value, vm);
    let suffix = extract_string_arg(suffix_value, vm)?;

    let s = s.get(vm.heap);
    let result = s.strip_suffix(&suffix).unwrap_or(s).to_owned();
    Ok(allocate_string(result, vm.heap))
}

// =============================================================================
// Split methods
// =============================================================================

/// Implements Python's `str.split(sep?, maxsplit?)` method.
///
/// Returns a list of the words in the string, using sep as the delimiter string.
fn str_split<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let SplitArgs { sep, maxsplit } = SplitArgs::from_args(args, vm)?;
    let (sep, maxsplit) = coerce_split_args(sep, maxsplit, vm)?;
    let s = s.get(vm.heap);

    let parts: Vec<&str> = match &sep {
        Some(sep) => {
            // Empty separator raises ValueError
            if sep.is_empty() {
                return Err(ExcType::value_error_empty_separator());
            }
            if maxsplit < 0 {
                s.split(sep.as_str()).collect()
            } else {
                // Safe cast: we've checked maxsplit >= 0
                let max = usize::try_from(maxsplit).unwrap_or(usize::MAX);
                s.splitn(max.saturating_add(1), sep.as_str()).collect()
            }
        }
        None => {
            // Split on whitespace, filtering empty strings
            if maxsplit < 0 {
                s.split(is_space).filter(|part| !part.is_empty()).collect()
            } else {
                // Safe cast: we've checked maxsplit >= 0
                let max = usize::try_from(maxsplit).unwrap_or(usize::MAX);
                split_whitespace_n(s, max)
            }
        }
    };

    // Convert to list of strings (using interned empty string when applicable)
    let mut list_items = Vec::with_capacity(parts.len());
    for (i, part) in parts.into_iter().enumerate() {
        vm.heap.tracker.check_memory_time_every(i)?;
        list_items.push(allocate_string(part, vm.heap));
    }

    let list = super::List::new(list_items);
    let heap_id = vm.heap.allocate(HeapData::List(list));
    Ok(Value::Ref(heap_id))
}

/// Implements Python's `str.rsplit(sep?, maxsplit?)` method.
///
/// Returns a list of the words in the string, using sep as the delimiter string,
/// splitting from the right.
fn str_rsplit<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let RsplitArgs { sep, maxsplit } = RsplitArgs::from_args(args, vm)?;
    let (sep, maxsplit) = coerce_split_args(sep, maxsplit, vm)?;
    let s = s.get(vm.heap);

    let parts: Vec<&str> = match &sep {
        Some(sep) => {
            // Empty separator raises ValueError
            if sep.is_empty() {
                return Err(ExcType::value_error_empty_separator());
            }
            if maxsplit < 0 {
                s.rsplit(sep.as_str()).collect::<Vec<_>>().into_iter().rev().collect()
            } else {
                // Safe cast: we've checked maxsplit >= 0
                let max = usize::try_from(maxsplit).unwrap_or(usize::MAX);
                let mut parts: Vec<_> = s.rsplitn(max.saturating_add(1), sep.as_str()).collect();
                parts.reverse();
                parts
            }
        }
        None => {
            // Split on whitespace from right
            if maxsplit < 0 {
                s.split(is_space).filter(|part| !part.is_empty()).collect()
            } else {
                // Safe cast: we've checked maxsplit >= 0
                let max = usize::try_from(maxsplit).unwrap_or(usize::MAX);
                rsplit_whitespace_n(s, max)
            }
        }
    };

    // Convert to list of strings (using interned empty string when applicable)
    let mut list_items = Vec::with_capacity(parts.len());
    for (i, part) in parts.into_iter().enumerate() {
        vm.heap.tracker.check_memory_time_every(i)?;
        list_items.push(allocate_string(part, vm.heap));
    }

    let list = super::List::new(list_items);
    let heap_id = vm.heap.allocate(HeapData::List(list));
    Ok(Value::Ref(heap_id))
}

/// Coerces extracted `sep` / `maxsplit` `Value`s into the runtime shape used
/// by the actual `split`/`rsplit` implementations.
///
/// `sep = None` is documented as "split on whitespace", so it is mapped to
/// `Option::None`; any other value is run through `extract_string_arg`.
/// `maxsplit` is always coerced to `i64` via `extract_int_arg`. Each argument
/// is dropped on every path so refcounts stay balanced.
fn coerce_split_args(sep: Value, maxsplit: Value, vm: &mut VM<'_>) -> RunResult<(Option<String>, i64)> {
    defer_drop!(sep, vm);
    defer_drop!(maxsplit, vm);
    let sep = match sep {
        Value::None => None,
        _ => Some(extract_string_arg(sep, vm)?),
    };
    let maxsplit = extract_int_arg(maxsplit, vm)?;
    Ok((sep, maxsplit))
}

/// Argument shape for `str.split(sep=None, maxsplit=-1)`.
#[derive(FromArgs)]
#[from_args(name = "split")]
struct SplitArgs {
    #[from_args(default = Value::None)]
    sep: Value,
    #[from_args(default = Value::Int(-1))]
    maxsplit: Value,
}

/// Argument shape for `str.rsplit(sep=None, maxsplit=-1)`.
#[derive(FromArgs)]
#[from_args(name = "rsplit")]
struct RsplitArgs {
    #[from_args(default = Value::None)]
    sep: Value,
    #[from_args(default = Value::Int(-1))]
    maxsplit: Value,
}

/// Split string on whitespace, returning at most `maxsplit + 1` parts.
fn split_whitespace_n(s: &str, maxsplit: usize) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut remaining = s.trim_start_matches(is_space);
    let mut count = 0;

    while !remaining.is_empty() && count < maxsplit {
        if let Some(end) = remaining.find(is_space) {
            parts.push(&remaining[..end]);
            remaining = remaining[end..].trim_start_matches(is_space);
            count += 1;
        } else {
            break;
        }
    }

    if !remaining.is_empty() {
        parts.push(remaining);
    }

    parts
}

/// Split string on whitespace from the right, returning at most `maxsplit + 1` parts.
fn rsplit_whitespace_n(s: &str, maxsplit: usize) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut remaining = s.trim_end_matches(is_space);
    let mut count = 0;

    while !remaining.is_empty() && count < maxsplit {
        if let Some(start) = remaining.rfind(is_space) {
            let ws_len = remaining[start..].chars().next().unwrap().len_utf8();
            parts.push(&remaining[start + ws_len..]);
            remaining = remaining[..start].trim_end_matches(is_space);
            count += 1;
        } else {
            break;
        }
    }

    if !remaining.is_empty() {
        parts.push(remaining);
    }

    parts.reverse();
    parts
}

/// Implements Python's `str.splitlines(keepends?)` method.
///
/// Returns a list of the lines in the string, breaking at line boundaries.
/// Accepts keepends as either positional or keyword argument.
fn str_splitlines<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    // Skip ordinary bytes with one lookup; Unicode boundaries start with 0xc2 or 0xe2.
    const LINE_BOUNDARY_START: [bool; 256] = {
        let mut table = [false; 256];
        let starts = b"\n\r\x0b\x0c\x1c\x1d\x1e\xc2\xe2";
        let mut i = 0;
        while i < starts.len() {
            table[starts[i] as usize] = true;
            i += 1;
        }
        table
    };

    let keepends = parse_splitlines_args(args, vm)?;
    let s = s.get(vm.heap);

    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = s.as_bytes();
    let len = bytes.len();

    while start < len {
        vm.heap.tracker.check_memory_time_every(lines.len())?;

        // Find the next line ending
        let mut end = start;
        let mut line_end = start;

        while end < len {
            end += bytes[end..]
                .iter()
                .position(|b| LINE_BOUNDARY_START[usize::from(*b)])
                .unwrap_or(len - end);
            if end == len {
                line_end = end;
                break;
            }
            // Match CPython's line boundaries as complete UTF-8 sequences.
            let boundary_len = match bytes[end] {
                b'\r' if bytes.get(end + 1) == Some(&b'\n') => 2,
                b'\n' | b'\r' | b'\x0b' | b'\x0c' | b'\x1c'..=b'\x1e' => 1,
                0xc2 if bytes.get(end + 1) == Some(&0x85) => 2, // U+0085 NEXT LINE
                0xe2 if matches!(bytes.get(end + 1..end + 3), Some([0x80, 0xa8 | 0xa9])) => 3,
                _ => 0,
            };
            if boundary_len > 0 {
                line_end = end;
                end += boundary_len;
                break;
            }
            end += 1;
            line_end = end;
        }

        let line = if keepends { &s[start..end] } else { &s[start..line_end] };

        lines.push(allocate_string(line, vm.heap));

        start = end;
    }

    let list = super::List::new(lines);
    let heap_id = vm.heap.allocate(HeapData::List(list));
    Ok(Value::Ref(heap_id))
}

/// Parses arguments for splitlines method.
///
/// Supports both positional and keyword arguments for keepends.
fn parse_splitlines_args(args: ArgValues, vm: &mut VM<'_>) -> RunResult<bool> {
    let SplitlinesArgs { keepends } = SplitlinesArgs::from_args(args, vm)?;
    let result = keepends.as_ref().is_some_and(value_is_truthy);
    keepends.drop_with(vm.heap);
    Ok(result)
}

/// Argument shape for `str.splitlines(keepends=False)`. CPython evaluates
/// `keepends` for truthiness rather than strict-typing, so the field stays as
/// a raw `Value` for `value_is_truthy` to inspect.
#[derive(FromArgs)]
#[from_args(name = "splitlines", at_most_total)]
struct SplitlinesArgs {
    #[from_args(default)]
    keepends: Option<Value>,
}

/// Checks if a value is truthy for bool conversion.
fn value_is_truthy(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::None => false,
        _ => true, // Most other values are truthy
    }
}

/// Implements Python's `str.partition(sep)` method.
///
/// Splits the string at the first occurrence of sep, and returns a 3-tuple
/// containing the part before the separator, the separator itself, and the part after.
fn str_partition<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let sep_value = args.get_one_arg("str.partition", vm.heap)?;
    defer_drop!(sep_value, vm);
    let sep = extract_string_arg(sep_value, vm)?;

    if sep.is_empty() {
        return Err(ExcType::value_error_empty_separator());
    }

    let s = s.get(vm.heap);
    let (before, sep_found, after) = match s.find(&sep) {
        Some(pos) => (&s[..pos], &sep[..], &s[pos + sep.len()..]),
        None => (s, "", ""),
    };

    let before_val = allocate_string(before, vm.heap);
    let sep_val = allocate_string(sep_found, vm.heap);
    let after_val = allocate_string(after, vm.heap);

    Ok(super::allocate_tuple(
        smallvec![before_val, sep_val, after_val],
        vm.heap,
    ))
}

/// Implements Python's `str.rpartition(sep)` method.
///
/// Splits the string at the last occurrence of sep, and returns a 3-tuple
/// containing the part before the separator, the separator itself, and the part after.
fn str_rpartition<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let sep_value = args.get_one_arg("str.rpartition", vm.heap)?;
    defer_drop!(sep_value, vm);
    let sep = extract_string_arg(sep_value, vm)?;

    if sep.is_empty() {
        return Err(ExcType::value_error_empty_separator());
    }

    let s = s.get(vm.heap);
    let (before, sep_found, after) = match s.rfind(&sep) {
        Some(pos) => (&s[..pos], &sep[..], &s[pos + sep.len()..]),
        None => ("", "", s),
    };

    let before_val = allocate_string(before, vm.heap);
    let sep_val = allocate_string(sep_found, vm.heap);
    let after_val = allocate_string(after, vm.heap);

    Ok(super::allocate_tuple(
        smallvec![before_val, sep_val, after_val],
        vm.heap,
    ))
}

// =============================================================================
// Replace/modify methods
// =============================================================================

/// Implements Python's `str.replace(old, new, count?)` method.
///
/// Returns a copy with all occurrences of substring old replaced by new.
/// If count is given, only the first count occurrences are replaced.
fn str_replace<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let (old, new, count) = parse_replace_args("str.replace", args, vm)?;
    let s = s.get(vm.heap);

    check_replace_size(s.len(), old.len(), new.len(), count, &vm.heap.tracker)?;

    let result = if count < 0 {
        s.replace(&old, &new)
    } else {
        // Safe cast: we've checked count >= 0
        let n = usize::try_from(count).unwrap_or(usize::MAX);
        s.replacen(&old, &new, n)
    };

    Ok(allocate_string(result, vm.heap))
}

/// Parses arguments for the replace method.
///
/// Supports both positional and keyword arguments for count (Python 3.13+).
fn parse_replace_args(_method: &str, args: ArgValues, vm: &mut VM<'_>) -> RunResult<(String, String, i64)> {
    let ReplaceArgs { old, new, count } = ReplaceArgs::from_args(args, vm)?;
    defer_drop!(old, vm);
    defer_drop!(new, vm);
    defer_drop!(count, vm);

    let old_s = extract_string_arg(old, vm)?;
    let new_s = extract_string_arg(new, vm)?;
    let count_i = extract_int_arg(count, vm)?;
    Ok((old_s, new_s, count_i))
}

/// Argument shape for `str.replace(old, new, count=-1)`.
///
/// `old` and `new` are positional-only at the C level — passing them as
/// kwargs produces CPython's "takes at least 2 positional arguments"
/// error, which the macro derives from the required pos-only count.
/// Python 3.13 promoted `count` from positional-only to
/// positional-or-keyword, hence the un-annotated default.
#[derive(FromArgs)]
#[from_args(name = "replace")]
struct ReplaceArgs {
    #[from_args(pos_only)]
    old: Value,
    #[from_args(pos_only)]
    new: Value,
    #[from_args(default = Value::Int(-1))]
    count: Value,
}

/// Implements Python's `str.center(width, fillchar?)` method.
///
/// Returns centered in a string of length width. Padding is done using the
/// specified fill character (default is a space).
fn str_center<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let (width, fillchar) = parse_justify_args("str.center", args, vm)?;
    let s = s.get(vm.heap);
    let len = s.chars().count();

    if width <= len {
        Ok(allocate_string(s, vm.heap))
    } else {
        // Exact byte capacity: the original string (`s.len()` bytes, possibly
        // multibyte) plus `pad` fillchars of `fillchar.len_utf8()` bytes each.
        // `width * fillchar.len_utf8()` would mis-charge the `s`-slot bytes.
        let total_pad = width - len;
        let capacity = s.len().saturating_add(total_pad.saturating_mul(fillchar.len_utf8()));
        let mut builder = StringBuilder::with_capacity(capacity, &vm.heap.tracker)?;
        // CPython puts the odd fill unit on the left only when `width` is also odd.
        let left_pad = total_pad / 2 + (total_pad & width & 1);
        let right_pad = total_pad - left_pad;
        for _ in 0..left_pad {
            builder.push(fillchar)?;
        }
        builder.push_str(s)?;
        for _ in 0..right_pad {
            builder.push(fillchar)?;
        }
        builder.finish(vm.heap)
    }
}

/// Implements Python's `str.ljust(width, fillchar?)` method.
///
/// Returns left-justified in a string of length width.
fn str_ljust<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let (width, fillchar) = parse_justify_args("str.ljust", args, vm)?;
    let s = s.get(vm.heap);
    let len = s.chars().count();

    if width <= len {
        Ok(allocate_string(s, vm.heap))
    } else {
        let pad = width - len;
        let capacity = s.len().saturating_add(pad.saturating_mul(fillchar.len_utf8()));
        let mut builder = StringBuilder::with_capacity(capacity, &vm.heap.tracker)?;
        builder.push_str(s)?;
        for _ in 0..pad {
            builder.push(fillchar)?;
        }
        builder.finish(vm.heap)
    }
}

/// Implements Python's `str.rjust(width, fillchar?)` method.
///
/// Returns right-justified in a string of length width.
fn str_rjust<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let (width, fillchar) = parse_justify_args("str.rjust", args, vm)?;
    let s = s.get(vm.heap);
    let len = s.chars().count();

    if width <= len {
        Ok(allocate_string(s, vm.heap))
    } else {
        let pad = width - len;
        let capacity = s.len().saturating_add(pad.saturating_mul(fillchar.len_utf8()));
        let mut builder = StringBuilder::with_capacity(capacity, &vm.heap.tracker)?;
        for _ in 0..pad {
            builder.push(fillchar)?;
        }
        builder.push_str(s)?;
        builder.finish(vm.heap)
    }
}

/// Parses arguments for justify methods (center, ljust, rjust).
fn parse_justify_args(method: &str, args: ArgValues, vm: &mut VM<'_>) -> RunResult<(usize, char)> {
    let pos = args.into_pos_only(method, vm.heap)?;
    defer_drop!(pos, vm);

    match pos.as_slice() {
        [width_value] => {
            let w = extract_int_arg(width_value, vm)?;
            let width = if w < 0 {
                0
            } else {
                usize::try_from(w).unwrap_or(usize::MAX)
            };
            Ok((width, ' '))
        }
        [width_value, fillchar_value] => {
            let w = extract_int_arg(width_value, vm)?;
            let width = if w < 0 {
                0
            } else {
                usize::try_from(w).unwrap_or(usize::MAX)
            };
            let fill_str = extract_string_arg(fillchar_value, vm)?;
            if fill_str.chars().count() != 1 {
                return Err(ExcType::type_error_fillchar_must_be_single_char());
            }
            Ok((width, fill_str.chars().next().unwrap()))
        }
        [] => Err(ExcType::type_error_at_least(method, 1, 0)),
        _ => Err(ExcType::type_error_at_most(method, 2, pos.len())),
    }
}

/// Implements Python's `str.zfill(width)` method.
///
/// Returns a copy of the string left filled with ASCII '0' digits to make a
/// string of length width. A sign prefix is handled correctly.
fn str_zfill<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let width_value = args.get_one_arg("str.zfill", vm.heap)?;
    defer_drop!(width_value, vm);
    let width_i64 = extract_int_arg(width_value, vm)?;

    // Safe cast: treat negative as 0, saturate large positive values
    let width = if width_i64 < 0 {
        0
    } else {
        usize::try_from(width_i64).unwrap_or(usize::MAX)
    };
    let s = s.get(vm.heap);
    let len = s.chars().count();

    if width <= len {
        Ok(allocate_string(s, vm.heap))
    } else {
        // Exact byte capacity: zfill pads with ASCII '0' (1 byte each), so the
        // result is `s.len() + pad` bytes — `s.len()` (possibly multibyte)
        // rather than `width` (character count).
        let pad = width - len;
        let capacity = s.len().saturating_add(pad);
        let mut builder = StringBuilder::with_capacity(capacity, &vm.heap.tracker)?;
        let mut chars = s.chars();
        let first = chars.next();

        if matches!(first, Some('+' | '-')) {
            builder.push(first.unwrap())?;
            for _ in 0..pad {
                builder.push('0')?;
            }
            for c in chars {
                builder.push(c)?;
            }
        } else {
            for _ in 0..pad {
                builder.push('0')?;
            }
            builder.push_str(s)?;
        }
        builder.finish(vm.heap)
    }
}

/// Implements Python's `str.expandtabs(tabsize=8)` method.
///
/// Returns a copy of the string where all tab characters are replaced by one or
/// more spaces, depending on the current column and the given tab size.
fn str_expandtabs<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let ExpandtabsArgs { tabsize } = ExpandtabsArgs::from_args(args, vm)?;

    let tabsize = match tabsize {
        None => 8,
        Some(val) => {
            // `defer_drop!` rather than a trailing `drop_with`: the conversion
            // raises for anything outside C `int`, and that `?` would otherwise
            // leave `val`'s reference behind.
            defer_drop!(val, vm);
            // A negative tabsize expands to nothing, as CPython's `<= 0` test does.
            usize::try_from(extract_c_int_arg(val, vm)?).unwrap_or(0)
        }
    };

    let s = s.get(vm.heap);
    // `tabsize` is bounded by C `int` above, but a tab still amplifies into
    // `tabsize` bytes and the result size is not known up front, so use the
    // unbounded builder — its 2× growth policy rejects the build at the first
    // push that would exceed the memory limit, capping wasted intermediate
    // allocation to `O(limit)`.
    let mut builder = StringBuilder::new(&vm.heap.tracker);
    let mut column = 0;

    for c in s.chars() {
        if c == '\t' {
            if tabsize > 0 {
                let spaces = tabsize - (column % tabsize);
                for _ in 0..spaces {
                    builder.push(' ')?;
                }
                column += spaces;
            }
        } else {
            builder.push(c)?;
            if c == '\n' || c == '\r' {
                column = 0;
            } else {
                column += 1;
            }
        }
    }

    builder.finish(vm.heap)
}

/// Argument shape for `str.expandtabs(tabsize=8)`. `tabsize` is `Option<Value>`
/// so callers can distinguish "absent" (default 8) from any explicit value
/// without forcing the macro into a type-checked default.
#[derive(FromArgs)]
#[from_args(name = "expandtabs", at_most_total)]
struct ExpandtabsArgs {
    #[from_args(default)]
    tabsize: Option<Value>,
}

/// Implements Python's `str.encode(encoding='utf-8', errors='strict')` method.
///
/// Returns an encoded version of the string as a bytes object. Encoding-name
/// resolution and the codec implementations (UTF-8, ASCII, UTF-16/32
/// families) live in [`crate::codecs`]. Like CPython, the error handler name
/// is only looked up (and validated) when an actual encoding error occurs —
/// `'hello'.encode('ascii', 'bogus')` succeeds because there's nothing for
/// the handler to do.
fn str_encode<'h>(s: &impl HeapView<'h, str>, args: ArgValues, vm: &mut VM<'h>) -> RunResult<Value> {
    let EncodeArgs { encoding, errors } = EncodeArgs::from_args(args, vm)?;
    defer_drop!(encoding, vm);
    defer_drop!(errors, vm);
    let encoding = encoding.as_ref().map_or("utf-8", |e| e.as_str(vm));
    let errors = errors.as_ref().map_or("strict", |e| e.as_str(vm));

    let codec = Codec::find(encoding).ok_or_else(|| ExcType::lookup_error_unknown_encoding(encoding))?;
    let bytes = codec.encode(s.get(vm.heap), errors, &vm.heap.tracker)?;
    let heap_id = vm.heap.allocate(HeapData::Bytes(Bytes::new(bytes)));
    Ok(Value::Ref(heap_id))
}

/// Argument shape for `str.encode(encoding='utf-8', errors='strict')`.
///
/// `bad_arg_named` opts in to CPython's `_PyArg_BadArgument` named wording
/// (`encode() argument 'encoding' must be str, not <type>`) so wrong-type
/// errors match the C implementation. Both fields default to `None` (absent)
/// and the implementation supplies `"utf-8"` / `"strict"` after extraction;
/// CPython rejects explicit `None` here with the bad-arg error, which falls
/// out naturally because `Option<StrArg>::from_value` delegates to
/// `StrArg::from_value` and rejects `Value::None`.
#[derive(FromArgs)]
#[from_args(name = "encode", at_most_total, bad_arg_named)]
struct EncodeArgs {
    #[from_args(default)]
    encoding: Option<StrArg>,
    #[from_args(default)]
    errors: Option<StrArg>,
}

/// Implements Python's `str.isidentifier()` predicate: `XID_Start` or `_`, then `XID_Continue`
/// characters; the empty string is not an identifier.
///
/// Keywords are accepted (`'def'` is an identifier), as in CPython; callers needing the keyword
/// distinction (e.g. `collections.namedtuple`) must combine this with a separate keyword check.
pub(crate) fn str_isidentifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|first| type_record(first).is_id_start()) && chars.all(|c| type_record(c).is_id_continue())
}

/// Implements Python's `str.istitle()` predicate.
///
/// Returns True if the string is titlecased: uppercase characters follow
/// uncased characters and lowercase characters follow cased characters.
/// Empty strings return False.
fn str_istitle(s: &str) -> bool {
    if s.is_empty() {
        return false;
    }

    let mut prev_cased = false;
    let mut has_cased = false;

    for c in s.chars() {
        let record = type_record(c);
        if record.is_upper() || record.is_title() {
            // Uppercase or titlecase must follow uncased
            if prev_cased {
                return false;
            }
            prev_cased = true;
            has_cased = true;
        } else if record.is_lower() {
            // Lowercase must follow cased
            if !prev_cased {
                return false;
            }
            prev_cased = true;
            has_cased = true;
        } else {
            // Uncased character
            prev_cased = false;
        }
    }

    has_cased
}

/// Source representation retained by a string iterator.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
enum StringIteratorSource {
    Intern(StringId),
    Heap(HeapId),
}

/// Iterator over Unicode code points with CPython's ASCII/non-ASCII type split.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct StringIterator {
    source: StringIteratorSource,
    byte_offset: usize,
    ascii: bool,
}

impl StringIterator {
    /// Allocates an iterator over an interned string.
    pub(crate) fn from_intern(id: StringId, vm: &mut VM<'_>) -> Value {
        let ascii = vm.interns.get_str(id).is_ascii();
        Self::allocate(StringIteratorSource::Intern(id), ascii, vm)
    }

    /// Allocates an iterator retaining a heap string.
    fn from_heap(id: HeapId, ascii: bool, vm: &mut VM<'_>) -> Value {
        Self::allocate(StringIteratorSource::Heap(id), ascii, vm)
    }

    /// Returns the Python-visible iterator type for this string representation.
    pub(crate) fn py_type(&self) -> Type {
        if self.ascii {
            Type::StrAsciiIterator
        } else {
            Type::StrIterator
        }
    }

    /// Returns a retained heap source, if the string is not interned.
    pub(crate) fn source_id(&self) -> Option<HeapId> {
        match self.source {
            StringIteratorSource::Intern(_) => None,
            StringIteratorSource::Heap(id) => Some(id),
        }
    }

    /// Returns the number of Unicode code points not yet yielded.
    pub(crate) fn size_hint(&self, vm: &VM<'_>) -> usize {
        self.as_str(vm).chars().count()
    }

    /// Borrows the unconsumed string suffix.
    fn as_str<'a>(&self, vm: &'a VM<'_>) -> &'a str {
        let string = match self.source {
            StringIteratorSource::Intern(id) => vm.interns.get_str(id),
            StringIteratorSource::Heap(id) => match vm.heap.get(id) {
                HeapData::Str(string) => string.as_str(),
                _ => unreachable!("string iterator must retain a string"),
            },
        };
        &string[self.byte_offset..]
    }

    /// Allocates an iterator and retains a heap source when present.
    fn allocate(source: StringIteratorSource, ascii: bool, vm: &mut VM<'_>) -> Value {
        let source_id = match source {
            StringIteratorSource::Heap(id) => Some(id),
            StringIteratorSource::Intern(_) => None,
        };
        let id = vm.heap.allocate(HeapData::StringIterator(Self {
            source,
            byte_offset: 0,
            ascii,
        }));
        if let Some(source_id) = source_id {
            vm.heap.inc_ref(source_id);
        }
        Value::Ref(id)
    }
}

impl HeapItem for StringIterator {
    fn py_dec_ref_ids(&mut self, stack: &mut Vec<HeapId>) {
        if let Some(id) = self.source_id() {
            stack.push(id);
        }
    }
}

impl<'h> PyTrait<'h> for HeapObjectRead<'h, StringIterator> {
    fn py_is_iterable(&self, _: &VM<'h>) -> bool {
        true
    }

    fn py_type(&self, vm: &VM<'h>) -> Type {
        self.get(vm.heap).py_type()
    }

    fn py_len(&self, _: &VM<'h>) -> Option<usize> {
        None
    }

    fn py_eq_impl(&self, _: &Value, _: &mut VM<'h>) -> RunResult<Option<bool>> {
        Ok(None)
    }

    fn py_iter(&self, vm: &mut VM<'h>) -> RunResult<CallResult> {
        Ok(CallResult::Value(self.clone_value(vm.heap)))
    }

    fn py_next(&mut self, vm: &mut VM<'h>) -> RunResult<Option<Value>> {
        let next = self.get(vm.heap).as_str(vm).chars().next();
        if let Some(character) = next {
            let value = allocate_char(character, vm.heap);
            self.get_mut(vm.heap).byte_offset += character.len_utf8();
            Ok(Some(value))
        } else {
            Ok(None)
        }
    }
}

/// Helper for substring containment check in strings.
///
/// Shared by logical string views and concrete heap dispatch.
/// A non-str probe reports its own type, as CPython does.
pub(crate) fn str_contains(container_str: &str, item: &Value, heap: &Heap, interns: &Interns) -> RunResult<bool> {
    match item {
        Value::InternString(item_id) => {
            let item_str = interns.get_str(*item_id);
            Ok(container_str.contains(item_str))
        }
        Value::Ref(item_heap_id) => {
            if let HeapData::Str(item_str) = heap.get(*item_heap_id) {
                Ok(container_str.contains(item_str.as_str()))
            } else {
                Err(ExcType::type_error(format!(
                    "'in <string>' requires string as left operand, not {}",
                    item.py_type_name_heap(heap, interns)
                )))
            }
        }
        _ => Err(ExcType::type_error(format!(
            "'in <string>' requires string as left operand, not {}",
            item.py_type_name_heap(heap, interns)
        ))),
    }
}
