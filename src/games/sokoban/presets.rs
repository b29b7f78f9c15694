pub const X: () = ();
