//! Built-in module implementations.
//!
//! This module provides implementations for Python built-in modules like `sys`, `typing`,
//! and `asyncio`. These are created on-demand when import statements are executed.

use std::fmt::{self, Write};

use crate::{
    args::ArgValues,
    bytecode::{CallResult, VM},
    exception_private::RunResult,
    frozen::{self, FrozenFunctions},
    heap::HeapId,
    intern::StaticStrings,
};

pub(crate) mod asyncio;
pub(crate) mod base64;
pub(crate) mod binascii;
pub(crate) mod bisect;
pub(crate) mod collections;
pub(crate) mod copy;
pub(crate) mod csv;
pub(crate) mod dataclasses;
pub(crate) mod datetime;
pub(crate) mod decimal;
pub(crate) mod functools;
#[cfg(feature = "test-hooks")]
pub(crate) mod gc;
pub(crate) mod hashlib;
pub(crate) mod itertools;
pub(crate) mod json;
pub(crate) mod math;
pub(crate) mod os;
pub(crate) mod os_path;
pub(crate) mod pathlib;
pub(crate) mod random;
pub(crate) mod re;
pub(crate) mod sys;
pub(crate) mod time;
pub(crate) mod tomllib;
pub(crate) mod typing;
pub(crate) mod unicodedata;

/// Built-in modules that can be imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StandardLib {
    /// The `sys` module providing system-specific parameters and functions.
    Sys,
    /// The `typing` module providing type hints support.
    Typing,
    /// The `asyncio` module providing async/await support (only `run()` and `gather()` implemented).
    Asyncio,
    /// The `pathlib` module providing object-oriented filesystem paths.
    Pathlib,
    /// The `os` module: environment access, host-mediated filesystem calls and `os.path`.
    Os,
    /// The `os.path` module (CPython's `posixpath`), also reached as `import posixpath`.
    OsPath,
    /// The `math` module providing mathematical functions and constants.
    Math,
    /// The `json` module providing JSON parsing and serialization.
    Json,
    /// The `re` module providing regular expression matching.
    Re,
    /// The `datetime` module providing date and time types.
    Datetime,
    /// The `unicodedata` module providing Unicode Character Database access.
    Unicodedata,
    /// The `itertools` module providing lazy iterators — every name CPython
    /// exports, the private ones included.
    Itertools,
    /// The `dataclasses` module providing `@dataclass` and helpers.
    Dataclasses,
    /// The `collections` module providing container datatypes: `deque`,
    /// `namedtuple`, `defaultdict`, and `Counter`.
    Collections,
    /// The `functools` module providing reduction, partial application, and caching.
    Functools,
    /// The `base64` module providing the base64/base32/base16 codecs.
    Base64,
    /// The `binascii` module providing binary-to-ASCII conversions, CRC32,
    /// and the `Error` class used by `base64`.
    Binascii,
    /// The `random` module: CPython's Mersenne Twister generator and the
    /// distributions built on it.
    Random,
    /// The `copy` module providing `copy()` and `deepcopy()`.
    Copy,
    /// The `time` module providing `time()` and `sleep()`, both of which the
    /// host serves.
    Time,
    /// The `hashlib` module: the guaranteed algorithms, `new()` and `pbkdf2_hmac()`.
    Hashlib,
    /// Binary search and sorted insertion.
    Bisect,
    /// The `csv` module: readers, writers, `DictReader` / `DictWriter` and the
    /// built-in dialects.
    Csv,
    /// The `tomllib` module: `loads()`, `load()` and `TOMLDecodeError`.
    Tomllib,
    /// The `decimal` module: `Decimal`, `Context` and the signals.
    Decimal,
    /// The `gc` module exposing a single `collect()` for tests. Only present
    /// under the `test-hooks` feature so production sandboxes never see it.
    ///
    #[cfg(feature = "test-hooks")]
    Gc,
}

impl StandardLib {
    /// Resolves a module name without depending on enum discriminant order.
    pub fn from_static(name: StaticStrings) -> Option<Self> {
        match name {
            StaticStrings::Sys => Some(Self::Sys),
            StaticStrings::Typing => Some(Self::Typing),
            StaticStrings::Asyncio => Some(Self::Asyncio),
            StaticStrings::Pathlib => Some(Self::Pathlib),
            StaticStrings::Os => Some(Self::Os),
            StaticStrings::OsPath | StaticStrings::Posixpath => Some(Self::OsPath),
            StaticStrings::Math => Some(Self::Math),
            StaticStrings::Json => Some(Self::Json),
            StaticStrings::Re => Some(Self::Re),
            StaticStrings::Datetime => Some(Self::Datetime),
            StaticStrings::Unicodedata => Some(Self::Unicodedata),
            StaticStrings::Itertools => Some(Self::Itertools),
            StaticStrings::Dataclasses => Some(Self::Dataclasses),
            StaticStrings::Collections => Some(Self::Collections),
            StaticStrings::Functools => Some(Self::Functools),
            StaticStrings::Base64 => Some(Self::Base64),
            StaticStrings::Binascii => Some(Self::Binascii),
            StaticStrings::Random => Some(Self::Random),
            StaticStrings::Copy => Some(Self::Copy),
            StaticStrings::Time => Some(Self::Time),
            StaticStrings::Hashlib => Some(Self::Hashlib),
            StaticStrings::Bisect => Some(Self::Bisect),
            StaticStrings::Csv => Some(Self::Csv),
            StaticStrings::Tomllib => Some(Self::Tomllib),
            StaticStrings::DecimalMod => Some(Self::Decimal),
            #[cfg(feature = "test-hooks")]
            StaticStrings::Gc => Some(Self::Gc),
            _ => None,
        }
    }

    /// The import names of every built-in module (`os.path` included), so a
    /// host can keep its own module names clear of them.
    pub fn names() -> impl Iterator<Item = &'static str> {
        (0..)
            .map_while(StaticStrings::from_repr)
            .filter_map(|name| Self::from_static(name).map(|_| <&'static str>::from(name)))
    }

    /// Creates a new instance of this module on the heap.
    pub fn create(self, vm: &mut VM<'_>) -> HeapId {
        match self {
            Self::Sys => sys::create_module(vm),
            Self::Typing => typing::create_module(vm),
            Self::Asyncio => asyncio::create_module(vm),
            Self::Pathlib => pathlib::create_module(vm),
            Self::Os => os::create_module(vm),
            Self::OsPath => os_path::create_module(vm),
            Self::Math => math::create_module(vm),
            Self::Json => json::create_module(vm),
            Self::Re => re::create_module(vm),
            Self::Datetime => datetime::create_module(vm),
            Self::Unicodedata => unicodedata::create_module(vm),
            Self::Itertools => itertools::create_module(vm),
            Self::Dataclasses => dataclasses::create_module(vm),
            Self::Collections => collections::create_module(vm),
            Self::Functools => functools::create_module(vm),
            Self::Base64 => base64::create_module(vm),
            Self::Binascii => binascii::create_module(vm),
            Self::Random => random::create_module(vm),
            Self::Copy => copy::create_module(vm),
            Self::Time => time::create_module(vm),
            Self::Hashlib => hashlib::create_module(vm),
            Self::Bisect => bisect::create_module(vm),
            Self::Csv => csv::create_module(vm),
            Self::Tomllib => tomllib::create_module(vm),
            Self::Decimal => decimal::create_module(vm),
            #[cfg(feature = "test-hooks")]
            Self::Gc => gc::create_module(vm),
        }
    }
}

/// All stdlib module function (but not builtins).
///
/// Every dump reaches these through `Value::ModuleFunction`, encoded by variant
/// name, so renaming a variant needs `#[serde(alias)]` (see `DUMP_VERSION`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub(crate) enum ModuleFunctions {
    Asyncio(asyncio::AsyncioFunctions),
    Collections(collections::CollectionsFunctions),
    Json(json::JsonFunctions),
    Math(math::MathFunctions),
    Os(os::OsFunctions),
    OsPath(os_path::OsPathFunctions),
    Re(re::ReFunctions),
    Unicodedata(unicodedata::UnicodedataFunctions),
    Itertools(itertools::ItertoolsFunctions),
    Dataclasses(dataclasses::DataclassesFunctions),
    Functools(functools::FunctoolsFunctions),
    Base64(base64::Base64Functions),
    Binascii(binascii::BinasciiFunctions),
    Random(random::RandomFunctions),
    Copy(copy::CopyFunctions),
    /// Private primitives passed explicitly to frozen Python implementations.
    Frozen(FrozenFunctions),
    Time(time::TimeFunctions),
    Hashlib(hashlib::HashlibFunctions),
    Bisect(bisect::BisectFunctions),
    Csv(csv::CsvFunctions),
    Tomllib(tomllib::TomllibFunctions),
    Decimal(decimal::DecimalFunctions),
    /// `gc` module functions — only present under the `test-hooks` feature.
    /// See [`gc`] for why it is gated; as in [`StandardLib`], the gated block
    /// goes last and new variants are appended ahead of it.
    #[cfg(feature = "test-hooks")]
    Gc(gc::GcFunctions),
    /// `sys` module functions — only present under the `test-hooks` feature.
    /// Production `sys` is attribute-only; the test feature adds callables
    /// like `setrecursionlimit` that fixtures use to align behavior with
    /// CPython. See [`sys`] for the rationale.
    #[cfg(feature = "test-hooks")]
    Sys(sys::SysFunctions),
}

impl fmt::Display for ModuleFunctions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Asyncio(func) => write!(f, "{func}"),
            Self::Collections(func) => write!(f, "{func}"),
            Self::Json(func) => write!(f, "{func}"),
            Self::Math(func) => write!(f, "{func}"),
            Self::Os(func) => write!(f, "{func}"),
            Self::OsPath(func) => write!(f, "{func}"),
            Self::Re(func) => write!(f, "{func}"),
            Self::Unicodedata(func) => write!(f, "{func}"),
            Self::Itertools(func) => write!(f, "{func}"),
            Self::Dataclasses(func) => write!(f, "{func}"),
            Self::Functools(func) => write!(f, "{func}"),
            Self::Base64(func) => write!(f, "{func}"),
            Self::Binascii(func) => write!(f, "{func}"),
            Self::Random(func) => write!(f, "{func}"),
            Self::Copy(func) => write!(f, "{func}"),
            Self::Frozen(func) => write!(f, "{func}"),
            Self::Time(func) => write!(f, "{func}"),
            Self::Hashlib(func) => write!(f, "{func}"),
            Self::Bisect(func) => write!(f, "{func}"),
            Self::Csv(func) => write!(f, "{func}"),
            Self::Tomllib(func) => write!(f, "{func}"),
            Self::Decimal(func) => write!(f, "{func}"),
            #[cfg(feature = "test-hooks")]
            Self::Gc(func) => write!(f, "{func}"),
            #[cfg(feature = "test-hooks")]
            Self::Sys(func) => write!(f, "{func}"),
        }
    }
}

impl ModuleFunctions {
    /// Calls the module function with the given arguments.
    ///
    /// Returns `CallResult` to support both immediate values and OS calls that
    /// require host involvement (e.g., `os.getenv()` needs the host to provide environment variables).
    pub fn call(self, vm: &mut VM<'_>, args: ArgValues) -> RunResult<CallResult> {
        match self {
            Self::Asyncio(functions) => asyncio::call(vm, functions, args),
            Self::Collections(functions) => collections::call(vm, functions, args).map(CallResult::Value),
            Self::Json(functions) => json::call(vm, functions, args),
            Self::Math(functions) => math::call(vm, functions, args).map(CallResult::Value),
            Self::Os(functions) => os::call(vm, functions, args),
            Self::OsPath(functions) => os_path::call(vm, functions, args),
            Self::Re(functions) => re::call(vm, functions, args),
            Self::Unicodedata(functions) => unicodedata::call(vm, functions, args).map(CallResult::Value),
            Self::Itertools(functions) => itertools::call(vm, functions, args).map(CallResult::Value),
            Self::Dataclasses(functions) => dataclasses::call(vm, functions, args).map(CallResult::Value),
            Self::Functools(functions) => functools::call(vm, functions, args),
            Self::Base64(functions) => base64::call(vm, functions, args).map(CallResult::Value),
            Self::Binascii(functions) => binascii::call(vm, functions, args).map(CallResult::Value),
            Self::Random(functions) => random::call(vm, functions, args),
            Self::Copy(functions) => copy::call(vm, functions, args).map(CallResult::Value),
            Self::Frozen(functions) => frozen::call_helper(functions, args, vm),
            Self::Time(functions) => time::call(vm, functions, args),
            Self::Hashlib(functions) => hashlib::call(vm, functions, args).map(CallResult::Value),
            Self::Bisect(functions) => bisect::call(vm, functions, args).map(CallResult::Value),
            Self::Csv(functions) => csv::call(vm, functions, args),
            Self::Tomllib(functions) => tomllib::call(vm, functions, args),
            Self::Decimal(functions) => decimal::call(vm, functions, args).map(CallResult::Value),
            #[cfg(feature = "test-hooks")]
            Self::Gc(functions) => gc::call(vm, functions, args).map(CallResult::Value),
            #[cfg(feature = "test-hooks")]
            Self::Sys(functions) => sys::call(vm, functions, args).map(CallResult::Value),
        }
    }

    /// Writes the Python repr() string for this function to a formatter.
    pub fn py_repr_fmt<W: Write>(self, f: &mut W, py_id: impl fmt::LowerHex) -> fmt::Result {
        write!(f, "<function {self} at 0x{py_id:x}>")
    }
}
