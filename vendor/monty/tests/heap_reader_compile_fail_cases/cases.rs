//! Compile-fail soundness tests for the `HeapReader` API.
//!
//! Each function here exercises a pattern that MUST be rejected by the borrow checker.
//! They are gated behind individual `cfg` flags so the integration test harness
//! (`tests/heap_reader_compile_fail.rs`) can compile each one independently and assert
//! that it fails with the expected error.
//!
//! These tests are never compiled during normal builds — only when the
//! `heap_reader_compile_fail_tests` cfg (plus a per-test cfg) is set.

#[cfg(any(
    heap_reader_compile_fail_test_protected_get_escape,
    heap_reader_compile_fail_test_protected_mut_get_escape,
    heap_reader_compile_fail_test_protected_get_mut_escape,
    heap_reader_compile_fail_test_protected_get_alias,
    heap_reader_compile_fail_test_protected_mut_get_alias,
    heap_reader_compile_fail_test_protected_get_mut_alias,
    heap_reader_compile_fail_test_projected_get_escape,
    heap_reader_compile_fail_test_slice_get_escape,
    heap_reader_compile_fail_test_box_get_escape,
    heap_reader_compile_fail_test_mutable_inner_swap,
    heap_reader_compile_fail_test_shared_inner_swap,
    heap_reader_compile_fail_test_counted_inner_swap,
    heap_reader_compile_fail_test_readonly_mutation,
    heap_reader_compile_fail_test_readonly_mutable_projection,
    heap_reader_compile_fail_test_aliased_payload_borrows,
    heap_reader_compile_fail_test_projected_get_mut_escape,
    heap_reader_compile_fail_test_projection_live_borrow,
))]
#[path = "borrowed.rs"]
mod borrowed;

use super::*;
#[cfg(heap_reader_compile_fail_test_smuggle_vm)]
use crate::bytecode::VM;
#[cfg(heap_reader_compile_fail_test_smuggle_heap_read)]
use crate::types::List;
#[cfg(heap_reader_compile_fail_test_heap_mutation_while_reading)]
use crate::types::str::allocate_string;

/// Must not compile: allocating on the heap while holding a reference derived from `HeapRead::get`.
///
/// `a.get(heap)` borrows `heap` immutably, and the resulting slice keeps that borrow alive.
/// `heap.heap_mut().allocate(...)` requires mutable access to `heap`, which
/// conflicts with the live immutable borrow.
///
/// Expected: E0502 (cannot borrow `*heap` as mutable because it is also borrowed as immutable)
#[cfg(heap_reader_compile_fail_test_heap_mutation_while_reading)]
fn heap_mutation_while_reading(list_id: HeapId, heap: &mut Heap) {
    HeapReader::with(heap, &mut (), |heap, ()| {
        let a = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        let slice = a.get(heap).as_slice();
        let _ = allocate_string("boom", heap.heap_mut());
        let _ = slice.len();
    });
}

/// Must not compile: two simultaneous `get_mut` calls produce aliasing `&mut` references.
///
/// `get_mut` requires `&mut HeapReader`, so a second `get_mut` while the first's return
/// value is still live creates a double mutable borrow.
///
/// Expected: E0499 (cannot borrow `*heap` as mutable more than once at a time)
#[cfg(heap_reader_compile_fail_test_double_get_mut)]
fn double_get_mut(list_id: HeapId, heap: &mut Heap) {
    HeapReader::with(heap, &mut (), |heap, ()| {
        let a = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        let b = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        let ref_a = a.get_mut(heap);
        let ref_b = b.get_mut(heap);
        let _ = (ref_a, ref_b);
    });
}

/// Must not compile: calling `dec_ref` while holding a `HeapRead`-derived reference.
///
/// `dec_ref` can free the entry (setting the slot to `None` and dropping the `HeapValue`),
/// which would leave the reference from `get()` dangling.
///
/// Expected: E0502 (cannot borrow `*heap` as mutable because it is also borrowed as immutable)
#[cfg(heap_reader_compile_fail_test_dec_ref_while_reading)]
fn dec_ref_while_reading(list_id: HeapId, heap: &mut Heap) {
    HeapReader::with(heap, &mut (), |heap, ()| {
        let a = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        let list_ref = a.get(heap);
        heap.heap_mut().dec_ref(list_id);
        let _ = list_ref.as_slice().len();
    });
}

/// Must not compile: smuggling a `HeapObjectRead` out of the `HeapReader::with` closure.
///
/// The `for<'a>` bound on `HeapReader::with` means `'a` is universally quantified,
/// so `HeapObjectRead<'a, _>` cannot outlive the closure.
///
/// Expected: E0521 (borrowed data escapes outside of closure)
#[cfg(heap_reader_compile_fail_test_smuggle_heap_read)]
fn smuggle_heap_read(list_id: HeapId, heap: &mut Heap) {
    let mut smuggled: Option<HeapObjectRead<'_, List>> = None;
    HeapReader::with(heap, &mut (), |heap, ()| {
        let a = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        smuggled = Some(a);
    });
    let _ = smuggled;
}

/// Must not compile: heap mutation inside a `.map()` closure while iterating over
/// data derived from `HeapRead::get`.
///
/// The iterator borrows the slice (which keeps `heap` immutably borrowed), and the
/// closure attempts to capture `heap` for mutable access.
///
/// Expected: E0500 (closure requires unique access to `*heap` but it is already borrowed)
#[cfg(heap_reader_compile_fail_test_mutation_in_map_closure)]
fn mutation_in_map_closure(list_id: HeapId, other_id: HeapId, heap: &mut Heap) {
    HeapReader::with(heap, &mut (), |heap, ()| {
        let a = match heap.read(list_id) {
            HeapReadOutput::List(list) => list,
            _ => unreachable!(),
        };
        let result: Vec<bool> = a
            .get(heap)
            .as_slice()
            .iter()
            .map(|_v| {
                heap.heap_mut().dec_ref(other_id);
                true
            })
            .collect();
        let _ = result;
    });
}

/// Must not compile: returning the `VM` itself out of a `HeapReader::with` closure.
///
/// `VM<'h>` has invariant `'h`, and the closure's HRTB makes `'h` universally
/// quantified. Returning a value containing `'h` would require it to satisfy any
/// caller-chosen lifetime — in particular `'static`, as in this test — which is
/// impossible because the heap reader is bound to the with-call's stack frame.
///
/// Expected: a borrow-check error preventing the VM from escaping.
#[cfg(heap_reader_compile_fail_test_smuggle_vm)]
fn smuggle_vm(
    heap: &mut Heap,
    tables: &'static mut crate::run::SessionTables,
    program: &'static crate::run::Program,
) -> VM<'static> {
    HeapReader::with(
        heap,
        &mut (tables, monty_types::PrintWriter::Disabled),
        |reader, (tables, print)| VM::new(Vec::new(), tables, program, reader, print.reborrow()),
    )
}

/// Must not compile: smuggling an outer `HeapReader` into an inner
/// `HeapReader::with` call via the `data` channel and trying to `mem::swap` the
/// two readers.
///
/// The outer call brands its reader with one HRTB lifetime; the inner call brands
/// its reader with a fresh, independent HRTB lifetime. Both lifetimes are
/// invariant on `HeapReader`, so even though the structs are otherwise identical,
/// `HeapReader<'outer>` and `HeapReader<'inner>` are distinct types and
/// `mem::swap` cannot unify them.
///
/// If this attack worked, an attacker could swap the underlying `&mut Heap`
/// references between the two readers, letting `HeapRead<'outer, _>` from the
/// outer reader resolve into the inner reader's heap (or vice versa) — a
/// type-confusion across heap arenas.
///
/// Expected: lifetime/type mismatch error from `mem::swap` — the inner closure's
/// universally-quantified lifetime cannot be unified with the outer call's.
#[cfg(heap_reader_compile_fail_test_smuggle_and_swap_reader)]
fn smuggle_and_swap_reader(heap_a: &mut Heap, heap_b: &mut Heap) {
    HeapReader::with(heap_a, &mut (), |reader_a, ()| {
        HeapReader::with(heap_b, reader_a, |reader_b, smuggled| {
            // `reader_b: &'inner mut HeapReader<'inner>` and
            // `smuggled: &'inner mut HeapReader<'outer>` — invariant lifetimes
            // prevent unification, so this swap must be rejected.
            std::mem::swap(reader_b, smuggled);
        });
    });
}
