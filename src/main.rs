//! The `frontier` program: the app with no arguments, the headless command line with some;
//! in a browser, the app on the page.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        frontier::app::run()
    } else {
        frontier::cli::run(args)
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    frontier::app::web::start();
}
