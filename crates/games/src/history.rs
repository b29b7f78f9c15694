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
/// are dropped once the history holds more than `max_bytes`. Each edit recorded is
/// numbered, so a state of the target can be named by [`History::position`] (a save point)
/// and recognised when undo or redo comes back to it.
pub struct History<E> {
    done: Vec<(u64, E)>,
    undone: Vec<(u64, E)>,
    max_bytes: usize,
    /// The number the next edit recorded takes.
    next: u64,
    /// The position before the oldest edit kept (that of the last one dropped).
    floor: u64,
}

impl<E: Edit> History<E> {
    pub fn new(max_bytes: usize) -> History<E> {
        History {
            done: vec![],
            undone: vec![],
            max_bytes,
            next: 1,
            floor: 0,
        }
    }

    /// Remembers an edit that has just been applied.
    pub fn record(&mut self, edit: E) {
        self.undone.clear();
        self.done.push((self.next, edit));
        self.next += 1;
        let mut total: usize = self.done.iter().map(|(_, e)| e.bytes()).sum();
        while total > self.max_bytes && self.done.len() > 1 {
            let (number, dropped) = self.done.remove(0);
            total -= dropped.bytes();
            self.floor = number;
        }
    }

    /// Names the target's state: the number of the last edit done (the same after an undo
    /// and a redo come back to it, never again once a new edit is recorded after an undo).
    pub fn position(&self) -> u64 {
        self.done.last().map_or(self.floor, |(number, _)| *number)
    }

    /// The edit the next undo reverts.
    pub fn last_done(&self) -> Option<&E> {
        self.done.last().map(|(_, e)| e)
    }

    /// The edit the next redo applies.
    pub fn last_undone(&self) -> Option<&E> {
        self.undone.last().map(|(_, e)| e)
    }

    pub fn undo(&mut self, target: &mut E::Target) -> bool {
        match self.done.pop() {
            Some((number, edit)) => {
                edit.revert(target);
                self.undone.push((number, edit));
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self, target: &mut E::Target) -> bool {
        match self.undone.pop() {
            Some((number, edit)) => {
                edit.apply(target);
                self.done.push((number, edit));
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

    /// Forgets every edit; the state stays named as it was.
    pub fn clear(&mut self) {
        self.floor = self.position();
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
    fn a_position_names_a_state_that_undo_and_redo_come_back_to() {
        let mut value = 0;
        let mut history = History::new(1000);
        let start = history.position();
        for n in [1, 2] {
            Add(n).apply(&mut value);
            history.record(Add(n));
        }
        let saved = history.position();
        assert_ne!(saved, start);
        history.undo(&mut value);
        assert_ne!(history.position(), saved);
        history.undo(&mut value);
        assert_eq!(history.position(), start, "back to where it began");
        history.redo(&mut value);
        history.redo(&mut value);
        assert_eq!(history.position(), saved, "redone to the save point");
        // Undone, then another edit: the same value, another state of the history.
        history.undo(&mut value);
        Add(2).apply(&mut value);
        history.record(Add(2));
        assert_eq!(value, 3);
        assert_ne!(history.position(), saved);
        // Dropped edits and a cleared history keep the name of the state reached.
        let mut small = History::new(25);
        for n in 0..5 {
            small.record(Add(n));
        }
        let at = small.position();
        while small.undo(&mut value) {}
        assert_ne!(small.position(), at);
        while small.redo(&mut value) {}
        assert_eq!(small.position(), at);
        small.clear();
        assert_eq!(small.position(), at);
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
