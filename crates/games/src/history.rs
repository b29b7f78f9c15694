//! Undo and redo: a list of edits that know how to apply and revert themselves.

/// A change to some `Target` that can be undone.
pub trait Edit {
    type Target;
    fn apply(&self, target: &mut Self::Target);
    fn revert(&self, target: &mut Self::Target);
    /// Roughly how much memory the edit holds, so history can stay within a budget.
    fn bytes(&self) -> usize {
        std::mem::size_of_val(self)
    }
}

/// Edits done and undone. Recording a new edit forgets what was undone. The oldest edits
/// are dropped once the history holds more than `max_bytes`.
pub struct History<E> {
    done: Vec<E>,
    undone: Vec<E>,
    max_bytes: usize,
}

impl<E: Edit> History<E> {
    pub fn new(max_bytes: usize) -> History<E> {
        History {
            done: vec![],
            undone: vec![],
            max_bytes,
        }
    }

    /// Remembers an edit that has just been applied.
    pub fn record(&mut self, edit: E) {
        self.undone.clear();
        self.done.push(edit);
        let mut total: usize = self.done.iter().map(Edit::bytes).sum();
        while total > self.max_bytes && self.done.len() > 1 {
            total -= self.done.remove(0).bytes();
        }
    }

    /// The edit the next undo reverts.
    pub fn last_done(&self) -> Option<&E> {
        self.done.last()
    }

    /// The edit the next redo applies.
    pub fn last_undone(&self) -> Option<&E> {
        self.undone.last()
    }

    pub fn undo(&mut self, target: &mut E::Target) -> bool {
        match self.done.pop() {
            Some(edit) => {
                edit.revert(target);
                self.undone.push(edit);
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self, target: &mut E::Target) -> bool {
        match self.undone.pop() {
            Some(edit) => {
                edit.apply(target);
                self.done.push(edit);
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Add(i32);
    impl Edit for Add {
        type Target = i32;
        fn apply(&self, t: &mut i32) {
            *t += self.0;
        }
        fn revert(&self, t: &mut i32) {
            *t -= self.0;
        }
        fn bytes(&self) -> usize {
            10
        }
    }

    #[test]
    fn undo_redo_and_a_new_edit_forgets_the_redo_list() {
        let mut value = 0;
        let mut history = History::new(1000);
        for n in [1, 2, 3] {
            let edit = Add(n);
            edit.apply(&mut value);
            history.record(edit);
        }
        assert!(history.undo(&mut value) && history.undo(&mut value));
        assert_eq!(value, 1);
        assert!(history.redo(&mut value));
        assert_eq!(value, 3);
        let edit = Add(10);
        edit.apply(&mut value);
        history.record(edit);
        assert!(!history.redo(&mut value), "redo list forgotten");
        assert_eq!(value, 13);
        while history.undo(&mut value) {}
        assert_eq!(value, 0);
    }

    #[test]
    fn the_oldest_edits_go_when_over_budget() {
        let mut value = 0;
        let mut history = History::new(25);
        for n in [1, 2, 3] {
            let edit = Add(n);
            edit.apply(&mut value);
            history.record(edit);
        }
        while history.undo(&mut value) {}
        assert_eq!(value, 1, "the first edit was forgotten");
    }
}
