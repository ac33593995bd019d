//! `uriesc._uriesc`: the uriesc library as a Python extension module (PyO3, the stable ABI
//! from CPython 3.9), under the Python package `uriesc` (python/uriesc/).
//!
//! Each function is one of the command's, on a whole column: the values go in as an Arrow
//! array through the Arrow PyCapsule interface (`__arrow_c_array__`, `__arrow_c_stream__`),
//! each is given to the same per-record function of the library that the command runs on a
//! line (or, for `encode` and `decode`, each chunk whole, its values laid end to end, as the
//! command takes a read of lines), with the GIL released, and the answers come back as an
//! Arrow array, so that a column
//! of pyarrow, Polars, DuckDB or pandas on Arrow goes in and out without a Python object per
//! value. A record that the command would report is null, or reported in a second column, or
//! raised ([`rows::Errors`]).
//!
//! Arrow goes through pyo3-arrow (arro3's bindings of arrow-rs) rather than the C Data
//! Interface by hand: it imports every layout the engines export (views too: Polars writes
//! its strings as `string_view`), releases what it imports as the interface says, and is kept
//! with PyO3's releases; by hand, each layout's buffers and the release callbacks of both
//! directions would be this module's own unsafe code, for no gain in speed (the values are
//! read in place either way).
//!
//! The module never touches the process's streams (no stdin, stdout or stderr); the `uriesc`
//! command is its own binary in the same wheel.

mod alloc;
mod column;
mod names;
mod rows;
mod run;
mod structured;
mod text;

use pyo3::prelude::*;

/// Large answers on huge pages where the kernel gives them on request ([`alloc`]).
#[global_allocator]
static ALLOCATOR: alloc::HugePages = alloc::HugePages;

pyo3::create_exception!(
    _uriesc,
    RecordError,
    pyo3::exceptions::PyValueError,
    "A record that the command would report, with errors=\"raise\": its row (from 0), the \
     report's rule and column (in characters, from 1) are attributes."
);

/// The extension module: the column functions and [`RecordError`].
#[pymodule]
fn _uriesc(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("RecordError", module.py().get_type::<RecordError>())?;
    module.add_function(wrap_pyfunction!(text::encode, module)?)?;
    module.add_function(wrap_pyfunction!(text::decode, module)?)?;
    module.add_function(wrap_pyfunction!(text::check, module)?)?;
    module.add_function(wrap_pyfunction!(text::clean, module)?)?;
    module.add_function(wrap_pyfunction!(text::key, module)?)?;
    module.add_function(wrap_pyfunction!(structured::parse, module)?)?;
    module.add_function(wrap_pyfunction!(structured::matches, module)?)?;
    module.add_function(wrap_pyfunction!(structured::extract, module)?)?;
    Ok(())
}
