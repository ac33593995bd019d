//! The values a column function is given: an Arrow array through the Arrow PyCapsule
//! interface (`__arrow_c_array__`, or `__arrow_c_stream__` for a chunked one: pyarrow, Polars,
//! DuckDB, pandas on Arrow), or a Python list of `str`, `bytes` and `None`. Each value is
//! handed over as the bytes the command would read as a record: a string's UTF-8, a binary
//! value's bytes as they are.

use std::sync::Arc;

use arrow_array::builder::{BinaryBuilder, LargeBinaryBuilder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::types::ByteArrayType;
use arrow_array::{Array, ArrayRef, GenericByteArray, LargeBinaryArray};
use arrow_buffer::{NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use pyo3_arrow::{PyArray, PyChunkedArray};
use uriesc::stream::EndToEnd;

/// A column of strings or binary values, as one or more Arrow arrays.
pub struct Column {
    chunks: Vec<ArrayRef>,
}

impl Column {
    /// The column `values` is, or a `TypeError` that says what is taken.
    pub fn from_py(values: &Bound<'_, PyAny>) -> PyResult<Column> {
        let py = values.py();
        let chunks = if values.hasattr(pyo3::intern!(py, "__arrow_c_array__"))? {
            vec![values.extract::<PyArray>()?.into_inner().0]
        } else if values.hasattr(pyo3::intern!(py, "__arrow_c_stream__"))? {
            values.extract::<PyChunkedArray>()?.into_inner().0
        } else if values.is_instance_of::<PyList>() || values.is_instance_of::<PyTuple>() {
            vec![from_sequence(values)?]
        } else {
            return Err(PyTypeError::new_err(format!(
                "uriesc takes an Arrow array (an object with __arrow_c_array__ or \
                 __arrow_c_stream__: pyarrow, Polars, DuckDB, pandas on Arrow) or a list of \
                 str and bytes, not {}",
                values.get_type().name()?
            )));
        };
        for chunk in &chunks {
            if !taken(chunk.data_type()) {
                return Err(PyTypeError::new_err(format!(
                    "uriesc takes a column of strings or binary values, not {}; cast it first",
                    chunk.data_type()
                )));
            }
        }
        Ok(Column { chunks })
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.chunks.iter().map(|chunk| chunk.len()).sum()
    }

    /// About how many bytes the values hold (their buffers'), to make room for an answer of
    /// about their size at once.
    pub fn bytes(&self) -> usize {
        self.chunks
            .iter()
            .map(|chunk| chunk.get_buffer_memory_size())
            .sum()
    }

    /// Gives `each` every value in order, `None` for a null; stops where `each` says so
    /// (returns false).
    pub fn for_each(&self, mut each: impl FnMut(Option<&[u8]>) -> bool) {
        for chunk in &self.chunks {
            if !values_of(chunk, &mut each) {
                return;
            }
        }
    }
}

/// A chunk's values laid end to end, as the library takes a column whole, with Arrow's `i32`
/// offsets or its `i64` ones.
pub enum Layout<'a> {
    Small(EndToEnd<'a, i32>),
    Large(EndToEnd<'a, i64>),
}

impl Layout<'_> {
    /// How many rows.
    pub fn len(&self) -> usize {
        match self {
            Layout::Small(records) => records.len(),
            Layout::Large(records) => records.len(),
        }
    }
}

impl Column {
    /// Gives `each` every chunk in order, as its values laid end to end and its nulls; a chunk
    /// of another layout (views, a dictionary, nulls alone) is copied into that one first. A
    /// `ValueError` for a chunk whose offsets do not lay out its values.
    pub fn for_each_end_to_end(
        &self,
        mut each: impl FnMut(Layout<'_>, Option<&NullBuffer>),
    ) -> PyResult<()> {
        for chunk in &self.chunks {
            let copied;
            let chunk = match chunk.data_type() {
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Binary | DataType::LargeBinary => {
                    chunk
                }
                DataType::Utf8View => {
                    let views = chunk.as_string_view();
                    copied = laid_end_to_end(chunk, views.views(), |i| views.value(i).as_bytes());
                    &copied
                }
                DataType::BinaryView => {
                    let views = chunk.as_binary_view();
                    copied = laid_end_to_end(chunk, views.views(), |i| views.value(i));
                    &copied
                }
                _ => {
                    let mut builder = LargeBinaryBuilder::with_capacity(chunk.len(), 0);
                    let mut copy = |value: Option<&[u8]>| {
                        builder.append_option(value);
                        true
                    };
                    values_of(chunk, &mut copy as &mut dyn FnMut(Option<&[u8]>) -> bool);
                    copied = Arc::new(builder.finish()) as ArrayRef;
                    &copied
                }
            };
            let nulls = chunk.nulls().filter(|nulls| nulls.null_count() > 0);
            let layout = match chunk.data_type() {
                DataType::Utf8 => Layout::Small(end_to_end(chunk.as_string::<i32>())?),
                DataType::LargeUtf8 => Layout::Large(end_to_end(chunk.as_string::<i64>())?),
                DataType::Binary => Layout::Small(end_to_end(chunk.as_binary::<i32>())?),
                _ => Layout::Large(end_to_end(chunk.as_binary::<i64>())?),
            };
            each(layout, nulls);
        }
        Ok(())
    }
}

/// A view array's values (Polars writes its strings so) copied end to end into one buffer,
/// with their nulls: a copy of each value, where a builder would also judge each one's
/// validity and grow.
fn laid_end_to_end<'a>(
    chunk: &'a ArrayRef,
    views: &[u128],
    value: impl Fn(usize) -> &'a [u8],
) -> ArrayRef {
    // A view's length is its low 32 bits (Arrow's "variable-size binary view layout").
    let total = views.iter().map(|&view| view as u32 as usize).sum();
    let mut values = Vec::with_capacity(total);
    let mut offsets = Vec::with_capacity(chunk.len() + 1);
    offsets.push(0i64);
    for i in 0..chunk.len() {
        values.extend_from_slice(value(i));
        offsets.push(values.len() as i64);
    }
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    Arc::new(LargeBinaryArray::new(
        offsets,
        values.into(),
        chunk.nulls().cloned(),
    ))
}

/// The values of `array` laid end to end, or a `ValueError` where its offsets (from a foreign
/// producer) do not lay them out.
fn end_to_end<T: ByteArrayType>(array: &GenericByteArray<T>) -> PyResult<EndToEnd<'_, T::Offset>>
where
    T::Offset: Into<i64>,
{
    EndToEnd::new(array.value_data(), array.value_offsets())
        .map_err(|bad| PyValueError::new_err(format!("uriesc: the column's {bad}")))
}

/// Gives `each` every value of `chunk`; false where `each` stopped.
fn values_of<F>(chunk: &ArrayRef, each: &mut F) -> bool
where
    F: FnMut(Option<&[u8]>) -> bool + ?Sized,
{
    // Each layout's array once, not a cast a value.
    match chunk.data_type() {
        DataType::Utf8 => {
            let array = chunk.as_string::<i32>();
            walk(chunk, |i| array.value(i).as_bytes(), each)
        }
        DataType::LargeUtf8 => {
            let array = chunk.as_string::<i64>();
            walk(chunk, |i| array.value(i).as_bytes(), each)
        }
        DataType::Utf8View => {
            let array = chunk.as_string_view();
            walk(chunk, |i| array.value(i).as_bytes(), each)
        }
        DataType::Binary => {
            let array = chunk.as_binary::<i32>();
            walk(chunk, |i| array.value(i), each)
        }
        DataType::LargeBinary => {
            let array = chunk.as_binary::<i64>();
            walk(chunk, |i| array.value(i), each)
        }
        DataType::BinaryView => {
            let array = chunk.as_binary_view();
            walk(chunk, |i| array.value(i), each)
        }
        // A dictionary (Polars' categoricals, pandas' categories): each distinct value read
        // once, each row its key's.
        DataType::Dictionary(..) => {
            let dictionary = chunk.as_any_dictionary();
            let mut values = Vec::with_capacity(dictionary.values().len());
            let mut keep = |value: Option<&[u8]>| {
                values.push(value.map(<[u8]>::to_vec));
                true
            };
            values_of(
                dictionary.values(),
                &mut keep as &mut dyn FnMut(Option<&[u8]>) -> bool,
            );
            let keys = dictionary.normalized_keys();
            (0..chunk.len()).all(|i| match chunk.is_valid(i) {
                true => each(values[keys[i]].as_deref()),
                false => each(None),
            })
        }
        // Every value null.
        _ => (0..chunk.len()).all(|_| each(None)),
    }
}

/// Whether a column of `data_type` is taken: strings and binary values in each of Arrow's
/// layouts (Polars writes views), a dictionary of them, and a column of nulls alone.
fn taken(data_type: &DataType) -> bool {
    if let DataType::Dictionary(_, values) = data_type {
        return !matches!(**values, DataType::Dictionary(..)) && taken(values);
    }
    matches!(
        data_type,
        DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Binary
            | DataType::LargeBinary
            | DataType::BinaryView
            | DataType::Null
    )
}

/// Each value of `chunk` through `value`, nulls as `None`; false where `each` stopped.
fn walk<'a, F>(chunk: &'a ArrayRef, value: impl Fn(usize) -> &'a [u8], each: &mut F) -> bool
where
    F: FnMut(Option<&[u8]>) -> bool + ?Sized,
{
    match chunk.nulls().filter(|nulls| nulls.null_count() > 0) {
        None => (0..chunk.len()).all(|i| each(Some(value(i)))),
        Some(nulls) => (0..chunk.len()).all(|i| each(nulls.is_valid(i).then(|| value(i)))),
    }
}

/// A list or tuple of `str`, `bytes` and `None` as one Arrow array: strings if there is no
/// `bytes`, else binary values (a string's UTF-8 among them).
fn from_sequence(values: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let items: Vec<Bound<'_, PyAny>> = values.try_iter()?.collect::<PyResult<_>>()?;
    let mut binary = false;
    for item in &items {
        if item.is_instance_of::<PyBytes>() {
            binary = true;
        } else if !item.is_instance_of::<PyString>() && !item.is_none() {
            return Err(PyTypeError::new_err(format!(
                "uriesc takes a list of str, bytes and None, not one holding {}",
                item.get_type().name()?
            )));
        }
    }
    if !binary {
        let mut builder = StringBuilder::with_capacity(items.len(), 0);
        for item in &items {
            match item.cast::<PyString>() {
                Ok(text) => builder.append_value(text.to_cow()?),
                Err(_) => builder.append_null(),
            }
        }
        return Ok(Arc::new(builder.finish()));
    }
    let mut builder = BinaryBuilder::with_capacity(items.len(), 0);
    for item in &items {
        if let Ok(bytes) = item.cast::<PyBytes>() {
            builder.append_value(bytes.as_bytes());
        } else if let Ok(text) = item.cast::<PyString>() {
            builder.append_value(text.to_cow()?.as_bytes());
        } else {
            builder.append_null();
        }
    }
    Ok(Arc::new(builder.finish()))
}
