//! States as the program sees them: a cell of the board is the tuple `(x, y)`, a sliding
//! puzzle's position the tuple of its tiles row by row (0 the blank), so that a student
//! writes `(x + 1, y)` or `state.index(0)` and Frontier reads the same tuple back.

use frontier_engine::grid::Pos;
use frontier_games::games::sliding::{MAX_SIDE, Position};
use monty_types::{MontyObject, ObjectRef};

/// A state a program can hold.
pub trait ScriptState: Clone + Eq + std::hash::Hash + std::fmt::Display {
    /// How many numbers the state's tuple holds.
    fn arity(&self) -> usize;

    /// The state as a Python tuple.
    fn to_python(&self) -> MontyObject;

    /// The state a Python value names, if it names one of this kind; `like` is a state of the
    /// same problem (a puzzle's size).
    fn from_python(value: ObjectRef<'_>, like: &Self) -> Option<Self>;
}

/// The integers of a tuple, if it is a tuple of `len` integers.
fn integers(value: ObjectRef<'_>, len: usize) -> Option<Vec<i64>> {
    if value.type_name() != "tuple" {
        return None;
    }
    let items = value.items()?;
    if items.len() != len {
        return None;
    }
    items.iter().map(|item| item.as_int()).collect()
}

impl ScriptState for Pos {
    fn arity(&self) -> usize {
        2
    }

    fn to_python(&self) -> MontyObject {
        MontyObject::tuple([
            MontyObject::int(self.x.into()),
            MontyObject::int(self.y.into()),
        ])
    }

    fn from_python(value: ObjectRef<'_>, _like: &Pos) -> Option<Pos> {
        let xy = integers(value, 2)?;
        Some(Pos::new(xy[0].try_into().ok()?, xy[1].try_into().ok()?))
    }
}

impl ScriptState for Position {
    fn arity(&self) -> usize {
        self.side() * self.side()
    }

    fn to_python(&self) -> MontyObject {
        MontyObject::tuple(self.tiles().into_iter().map(|t| MontyObject::int(t.into())))
    }

    fn from_python(value: ObjectRef<'_>, like: &Position) -> Option<Position> {
        let tiles = integers(value, like.arity().min(MAX_SIDE * MAX_SIDE))?;
        let tiles: Option<Vec<u8>> = tiles.into_iter().map(|t| t.try_into().ok()).collect();
        Position::new(&tiles?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_goes_to_python_and_back_and_other_values_name_none() {
        let cell = Pos::new(3, -1);
        assert_eq!(
            Pos::from_python(cell.to_python().as_ref(), &cell),
            Some(cell)
        );
        let list = MontyObject::list([MontyObject::int(3), MontyObject::int(1)]);
        assert_eq!(
            Pos::from_python(list.as_ref(), &cell),
            None,
            "a list is no cell"
        );
        let position = Position::new(&[1, 2, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let back = Position::from_python(position.to_python().as_ref(), &position);
        assert_eq!(back, Some(position));
        let twice = MontyObject::tuple((0..9).map(|t| MontyObject::int(t.min(7))));
        assert_eq!(Position::from_python(twice.as_ref(), &position), None);
        assert_eq!(
            Position::from_python(cell.to_python().as_ref(), &position),
            None
        );
    }
}
