//! What a column function gives back, built a row at a time without a Python object per value:
//! text (strings, or binary values where one is not UTF-8), booleans, a struct of texts, a list
//! of texts; and the report of each record the command would report ([`Reports`]), as a
//! column of its own, a null, or an exception ([`Errors`]).

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{
    ArrayRef, BooleanArray, GenericBinaryArray, GenericStringArray, LargeListArray, ListArray,
    OffsetSizeTrait, StructArray,
};
use arrow_buffer::{NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{Field, Fields};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// What becomes of a record the command would report (`errors=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// Its value is null.
    Null,
    /// Its value is null, and a second column says why.
    Report,
    /// An exception ends the call ([`crate::RecordError`]).
    Raise,
}

impl Errors {
    /// The mode named `name`; a `ValueError` for another.
    pub fn named(name: &str) -> PyResult<Errors> {
        match name {
            "null" => Ok(Errors::Null),
            "report" => Ok(Errors::Report),
            "raise" => Ok(Errors::Raise),
            _ => Err(PyValueError::new_err(format!(
                "errors={name:?}: takes \"null\", \"report\" or \"raise\""
            ))),
        }
    }
}

/// Why a record has no answer: the rule of the command's report, its column (in characters,
/// from 1) and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub rule: &'static str,
    pub column: u64,
    pub message: String,
}

impl Report {
    /// The report of `problem` in `record` (the column the command's report gives).
    pub fn of(record: &[u8], problem: &uriesc::check::Problem) -> Report {
        let place = uriesc::stream::Place {
            source: "",
            file: false,
            line: 0,
        };
        Report {
            rule: problem.rule,
            column: problem.diagnostic(record, place).column,
            message: problem.message.clone(),
        }
    }
}

/// A column being built, a row at a time: [`Rows::done`] or [`Rows::null`] ends each.
pub trait Rows: Send {
    /// The row ends, with what was written of it.
    fn done(&mut self);
    /// The row ends as null: what was written of it is dropped.
    fn null(&mut self);
    /// The row's record is reported: null, but where the report is the answer (`check`'s
    /// `False`).
    fn failed(&mut self) {
        self.null();
    }
    /// The column.
    fn finish(self) -> ArrayRef;
}

/// A column of texts: strings where every value is UTF-8, else binary values.
pub struct Texts {
    values: Vec<u8>,
    ends: Ends,
    valid: NullBufferBuilder,
}

/// Where each row's value ends, after a first 0: Arrow's own offsets, taken as they are, `i32`
/// while the values fit (`string`), `i64` after (`large_string`).
struct Ends {
    small: Vec<i32>,
    large: Option<Vec<i64>>,
}

impl Ends {
    fn rows(&self) -> usize {
        self.large.as_ref().map_or(self.small.len(), Vec::len) - 1
    }

    fn last(&self) -> usize {
        match &self.large {
            Some(large) => large[large.len() - 1] as usize,
            None => self.small[self.small.len() - 1] as usize,
        }
    }

    /// The next row ends at `end`.
    #[inline]
    fn push(&mut self, end: usize) {
        match (&mut self.large, i32::try_from(end)) {
            (None, Ok(end)) => self.small.push(end),
            (None, Err(_)) => {
                let mut large: Vec<i64> = self.small.iter().map(|&o| i64::from(o)).collect();
                large.push(end as i64);
                self.large = Some(large);
            }
            (Some(large), _) => large.push(end as i64),
        }
    }

    fn truncate(&mut self, rows: usize) {
        match &mut self.large {
            Some(large) => large.truncate(rows + 1),
            None => self.small.truncate(rows + 1),
        }
    }
}

/// How each row of a chunk written whole ([`Texts::together`]) ended, said in order as it is
/// written.
pub struct RowEnds<'a> {
    ends: &'a mut Ends,
    valid: &'a mut NullBufferBuilder,
    nulls: Option<&'a NullBuffer>,
    row: usize,
    /// Valid rows not yet in `valid`, where the input has no nulls: told of at once.
    valid_run: usize,
    /// The reports kept: each one's for `errors="report"`, the first for `"raise"`, none for
    /// `"null"` (a column of reports is never held where it is not asked for).
    errors: Errors,
    failed: Vec<(usize, Report)>,
}

impl RowEnds<'_> {
    /// The next row's value ends at `end` in the values.
    #[inline]
    pub fn ended(&mut self, end: usize) {
        self.ends.push(end);
        match self.nulls {
            None => self.valid_run += 1,
            Some(nulls) => self.valid.append(nulls.is_valid(self.row)),
        }
        self.row += 1;
    }

    /// The next row is reported (and so null; nothing of it was kept in the values).
    pub fn failed(&mut self, report: Report) {
        self.ends.push(self.ends.last());
        self.flush_valid();
        self.valid.append_null();
        let kept = match self.errors {
            Errors::Report => true,
            Errors::Raise => self.failed.is_empty(),
            Errors::Null => false,
        };
        if kept && self.nulls.is_none_or(|nulls| nulls.is_valid(self.row)) {
            self.failed.push((self.row, report));
        }
        self.row += 1;
    }

    fn flush_valid(&mut self) {
        self.valid
            .append_n_non_nulls(std::mem::take(&mut self.valid_run));
    }
}

impl Default for Texts {
    fn default() -> Texts {
        Texts::with_capacity(0, 0)
    }
}

impl Texts {
    /// Room for `rows` values of `bytes` in all, made at once rather than grown.
    pub fn with_capacity(rows: usize, bytes: usize) -> Texts {
        let mut small = Vec::with_capacity(rows + 1);
        small.push(0);
        Texts {
            values: Vec::with_capacity(bytes),
            ends: Ends { small, large: None },
            valid: NullBufferBuilder::new(rows),
        }
    }

    /// Where the current row's bytes go.
    pub fn out(&mut self) -> &mut Vec<u8> {
        &mut self.values
    }

    fn rows(&self) -> usize {
        self.ends.rows()
    }

    /// Rows written together: `write` appends their values to the column's and says how each
    /// row ended, in order ([`RowEnds`]); a row null in `nulls` (the input's) stays null. The
    /// rows reported, by their index among these, with their reports, as many as `errors`
    /// needs.
    pub fn together(
        &mut self,
        nulls: Option<&NullBuffer>,
        errors: Errors,
        write: impl FnOnce(&mut Vec<u8>, &mut RowEnds<'_>),
    ) -> Vec<(usize, Report)> {
        let mut ends = RowEnds {
            ends: &mut self.ends,
            valid: &mut self.valid,
            nulls,
            row: 0,
            valid_run: 0,
            errors,
            failed: Vec::new(),
        };
        write(&mut self.values, &mut ends);
        ends.flush_valid();
        ends.failed
    }

    /// The rows after the first `rows` dropped.
    fn truncate(&mut self, rows: usize) {
        self.ends.truncate(rows);
        self.values.truncate(self.ends.last());
        self.valid.truncate(rows);
    }
}

/// Strings where the values are UTF-8 (checked once, over the whole buffer), else binary.
fn texts<O: OffsetSizeTrait>(
    offsets: Vec<O>,
    values: Vec<u8>,
    nulls: Option<NullBuffer>,
) -> ArrayRef {
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    let ascii = values.is_ascii();
    let binary = GenericBinaryArray::<O>::new(offsets, values.into(), nulls);
    if ascii {
        let (offsets, values, nulls) = binary.into_parts();
        // SAFETY: `GenericBinaryArray::new` held the offsets to the values (each within them,
        // none before the one before it); what `new_unchecked` leaves unchecked is that the
        // values are UTF-8 and each offset on a character's boundary, and ASCII bytes are
        // UTF-8, each a character. (Checked as ASCII, the values are read once, where the
        // UTF-8 check would read them and then look up each offset.)
        let strings = unsafe { GenericStringArray::<O>::new_unchecked(offsets, values, nulls) };
        return Arc::new(strings);
    }
    match GenericStringArray::<O>::try_from_binary(binary.clone()) {
        Ok(strings) => Arc::new(strings),
        Err(_) => Arc::new(binary),
    }
}

impl Rows for Texts {
    fn done(&mut self) {
        self.ends.push(self.values.len());
        self.valid.append_non_null();
    }

    fn null(&mut self) {
        self.values.truncate(self.ends.last());
        self.ends.push(self.values.len());
        self.valid.append_null();
    }

    fn finish(mut self) -> ArrayRef {
        let nulls = self.valid.finish();
        match self.ends.large {
            Some(large) => texts(large, self.values, nulls),
            None => texts(self.ends.small, self.values, nulls),
        }
    }
}

/// A column of booleans: each row's value set with [`Bools::set`].
pub struct Bools {
    builder: BooleanBuilder,
    value: Option<bool>,
    /// A reported record is `False`, not null.
    verdict: bool,
}

impl Default for Bools {
    fn default() -> Bools {
        Bools {
            builder: BooleanBuilder::new(),
            value: Some(false),
            verdict: false,
        }
    }
}

impl Bools {
    /// A column of verdicts: `False` where a record is reported.
    pub fn verdicts() -> Bools {
        Bools {
            verdict: true,
            ..Bools::default()
        }
    }

    /// The current row's value.
    pub fn set(&mut self, value: bool) {
        self.value = Some(value);
    }

    /// The current row has no value: null, not a report (`check` with `confusion` of a URL
    /// the URL Standard's parser refuses).
    pub fn set_null(&mut self) {
        self.value = None;
    }
}

impl Rows for Bools {
    fn done(&mut self) {
        self.builder.append_option(self.value);
    }

    fn null(&mut self) {
        self.builder.append_null();
    }

    fn failed(&mut self) {
        match self.verdict {
            true => self.builder.append_value(false),
            false => self.builder.append_null(),
        }
    }

    fn finish(mut self) -> ArrayRef {
        let array: BooleanArray = self.builder.finish();
        Arc::new(array)
    }
}

/// A struct column of texts, one child a field.
pub struct Struct {
    pub names: Vec<String>,
    pub children: Vec<Texts>,
    valid: NullBufferBuilder,
}

impl Struct {
    /// A struct of the fields `names`.
    pub fn new(names: Vec<String>) -> Struct {
        Struct {
            children: names.iter().map(|_| Texts::default()).collect(),
            names,
            valid: NullBufferBuilder::new(0),
        }
    }
}

impl Rows for Struct {
    fn done(&mut self) {
        self.children.iter_mut().for_each(Texts::done);
        self.valid.append_non_null();
    }

    fn null(&mut self) {
        self.children.iter_mut().for_each(Texts::null);
        self.valid.append_null();
    }

    fn finish(mut self) -> ArrayRef {
        let nulls = self.valid.finish();
        let columns: Vec<ArrayRef> = self.children.into_iter().map(Texts::finish).collect();
        let fields: Fields = self
            .names
            .iter()
            .zip(&columns)
            .map(|(name, column)| Field::new(name, column.data_type().clone(), true))
            .collect();
        Arc::new(StructArray::new(fields, columns, nulls))
    }
}

/// A list column of texts: each row's items pushed with [`Lists::push`].
pub struct Lists {
    items: Texts,
    ends: Vec<usize>,
    valid: NullBufferBuilder,
}

impl Default for Lists {
    fn default() -> Lists {
        Lists {
            items: Texts::default(),
            ends: Vec::new(),
            valid: NullBufferBuilder::new(0),
        }
    }
}

impl Lists {
    /// One more item of the current row.
    pub fn push(&mut self, item: &[u8]) {
        self.items.out().extend_from_slice(item);
        self.items.done();
    }
}

impl Rows for Lists {
    fn done(&mut self) {
        self.ends.push(self.items.rows());
        self.valid.append_non_null();
    }

    fn null(&mut self) {
        let start = self.ends.last().copied().unwrap_or(0);
        self.items.truncate(start);
        self.ends.push(start);
        self.valid.append_null();
    }

    fn finish(mut self) -> ArrayRef {
        let nulls = self.valid.finish();
        let many = self.items.rows() > i32::MAX as usize;
        let items = self.items.finish();
        let field = Arc::new(Field::new("item", items.data_type().clone(), true));
        let ends = std::iter::once(0).chain(self.ends);
        match many {
            false => {
                let offsets = OffsetBuffer::new(ScalarBuffer::from_iter(ends.map(|e| e as i32)));
                Arc::new(ListArray::new(field, offsets, items, nulls))
            }
            true => {
                let offsets = OffsetBuffer::new(ScalarBuffer::from_iter(ends.map(|e| e as i64)));
                Arc::new(LargeListArray::new(field, offsets, items, nulls))
            }
        }
    }
}
