use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        frontier::app::run()
    } else {
        frontier::cli::run(args)
    }
}
