//! One column through one per-record function of the library, with the GIL released: each
//! value in order, a null kept null, a record the command would report made null, reported in
//! a column of its own, or raised ([`Errors`]); then the answer as Arrow arrays that Python
//! takes through the Arrow PyCapsule interface.

use std::sync::Arc;

use arrow_array::builder::{StringBuilder, UInt64Builder};
use arrow_array::{ArrayRef, StructArray};
use arrow_buffer::NullBufferBuilder;
use arrow_schema::{DataType, Field, Fields};
use pyo3::prelude::*;
use pyo3_arrow::PyArray;

use crate::RecordError;
use crate::column::{Column, Layout};
use crate::rows::{Errors, Report, RowEnds, Rows, Texts};

/// The reports' column: a struct of `rule`, `column` and `message`, null where a record has
/// none.
struct Reports {
    rule: StringBuilder,
    column: UInt64Builder,
    message: StringBuilder,
    valid: NullBufferBuilder,
}

impl Reports {
    fn new(rows: usize) -> Reports {
        Reports {
            rule: StringBuilder::with_capacity(rows, 0),
            column: UInt64Builder::with_capacity(rows),
            message: StringBuilder::with_capacity(rows, 0),
            valid: NullBufferBuilder::new(rows),
        }
    }

    fn push(&mut self, report: Option<&Report>) {
        match report {
            Some(report) => {
                self.rule.append_value(report.rule);
                self.column.append_value(report.column);
                self.message.append_value(&report.message);
                self.valid.append_non_null();
            }
            None => {
                self.rule.append_null();
                self.column.append_null();
                self.message.append_null();
                self.valid.append_null();
            }
        }
    }

    fn finish(mut self) -> ArrayRef {
        let fields = Fields::from(vec![
            Field::new("rule", DataType::Utf8, true),
            Field::new("column", DataType::UInt64, true),
            Field::new("message", DataType::Utf8, true),
        ]);
        let columns: Vec<ArrayRef> = vec![
            Arc::new(self.rule.finish()),
            Arc::new(self.column.finish()),
            Arc::new(self.message.finish()),
        ];
        Arc::new(StructArray::new(fields, columns, self.valid.finish()))
    }
}

/// The answer of a run: the column, and the reports' where asked; or the first report, and
/// its row, where it is to be raised.
type Answer = Result<(ArrayRef, Option<ArrayRef>), (usize, Report)>;

/// Runs `each` on every value of `column` into `rows`, the GIL released; `name` is the
/// function's, for the message of a raised report. The column, or `(column, reports)` with
/// `errors="report"`.
pub fn run<R: Rows>(
    py: Python<'_>,
    name: &str,
    column: &Column,
    errors: Errors,
    mut rows: R,
    mut each: impl FnMut(&[u8], &mut R) -> Result<(), Report> + Send,
) -> PyResult<Py<PyAny>> {
    let answer: Answer = py.detach(|| {
        let mut reports = (errors == Errors::Report).then(|| Reports::new(column.len()));
        let mut raised = None;
        let mut row = 0;
        column.for_each(|value| {
            let report = match value {
                None => {
                    rows.null();
                    None
                }
                Some(value) => match each(value, &mut rows) {
                    Ok(()) => {
                        rows.done();
                        None
                    }
                    Err(report) => {
                        rows.failed();
                        Some(report)
                    }
                },
            };
            if errors == Errors::Raise
                && let Some(report) = report
            {
                raised = Some((row, report));
                return false;
            }
            if let Some(reports) = &mut reports {
                reports.push(report.as_ref());
            }
            row += 1;
            true
        });
        match raised {
            Some(raised) => Err(raised),
            None => Ok((rows.finish(), reports.map(Reports::finish))),
        }
    });
    answer_to_python(py, name, answer)
}

/// The column, or the column and its reports, as Python objects; or the exception raised.
fn answer_to_python(py: Python<'_>, name: &str, answer: Answer) -> PyResult<Py<PyAny>> {
    match answer {
        Ok((array, None)) => arrow(py, array),
        Ok((array, Some(reports))) => {
            let pair = (arrow(py, array)?, arrow(py, reports)?);
            Ok(pair.into_pyobject(py)?.into_any().unbind())
        }
        Err((row, report)) => Err(raised(py, name, row, &report)),
    }
}

/// What a function that takes a column whole ([`run_end_to_end`]) is given: a chunk's values
/// laid end to end, the texts' values to append to, and where to say how each row ended.
pub type Whole<'a, 'b, 'c> = (Layout<'a>, &'b mut Vec<u8>, &'b mut RowEnds<'c>);

/// [`run`] for a function of the library that takes a column whole (`encode`, `decode`): each
/// chunk in one call of `write`, its values laid end to end, as Arrow keeps them. A null stays
/// null, whatever `write` made of the bytes Arrow keeps under it.
pub fn run_end_to_end(
    py: Python<'_>,
    name: &str,
    column: &Column,
    errors: Errors,
    mut write: impl FnMut(Whole<'_, '_, '_>) + Send,
) -> PyResult<Py<PyAny>> {
    let answer: PyResult<Answer> = py.detach(|| {
        let mut texts = Texts::default();
        // Each reported row, by its index in the column, with its report.
        let mut failed = Vec::new();
        let mut rows = 0;
        column.for_each_end_to_end(|layout, nulls| {
            let len = layout.len();
            let chunk = texts.together(nulls, errors, |out, ends| write((layout, out, ends)));
            failed.extend(chunk.into_iter().map(|(row, report)| (rows + row, report)));
            rows += len;
        })?;
        if errors == Errors::Raise
            && let Some(first) = failed.first()
        {
            return Ok(Err(first.clone()));
        }
        let reports = (errors == Errors::Report).then(|| {
            let mut reports = Reports::new(rows);
            let mut failed = failed.iter().peekable();
            for row in 0..rows {
                let report = failed.next_if(|(at, _)| *at == row);
                reports.push(report.map(|(_, report)| report));
            }
            reports.finish()
        });
        Ok(Ok((texts.finish(), reports)))
    });
    answer_to_python(py, name, answer?)
}

/// `array` as a Python object with `__arrow_c_array__` (pyo3-arrow's `Array`).
pub fn arrow(py: Python<'_>, array: ArrayRef) -> PyResult<Py<PyAny>> {
    let array = PyArray::from_array_ref(array);
    Ok(Bound::new(py, array)?.into_any().unbind())
}

/// The [`RecordError`] of `report` in row `row` (from 0), with the row, rule and column as
/// attributes too.
fn raised(py: Python<'_>, name: &str, row: usize, report: &Report) -> PyErr {
    let message = format!(
        "uriesc.{name}: row {row}: {} (rule {}, column {})",
        report.message, report.rule, report.column
    );
    let error = RecordError::new_err(message);
    let value = error.value(py);
    let set = [
        value.setattr("row", row),
        value.setattr("rule", report.rule),
        value.setattr("column", report.column),
    ];
    match set.into_iter().find_map(Result::err) {
        Some(failure) => failure,
        None => error,
    }
}
