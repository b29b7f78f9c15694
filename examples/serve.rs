//! A static file server for the web build on 127.0.0.1, with nothing but the standard
//! library: `cargo run --example serve -- [FOLDER] [PORT]` (default `target/site`, 8080).
//! For a quick look; a real site is any static host. Like a host set up as the README
//! advises, it sends `NAME.gz` (written by the build) in place of `NAME` to a browser that
//! accepts gzip, with `Content-Encoding: gzip`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

fn main() {
    let mut args = std::env::args().skip(1);
    let folder = PathBuf::from(args.next().unwrap_or_else(|| "target/site".into()));
    let port: u16 = match args.next().map(|p| p.parse()) {
        None => 8080,
        Some(Ok(port)) => port,
        Some(Err(_)) => {
            eprintln!("serve: the port must be a number from 0 to 65535");
            std::process::exit(2);
        }
    };
    if !folder.join("index.html").is_file() {
        eprintln!(
            "serve: {} has no index.html (run tools/web/build.sh)",
            folder.display()
        );
        std::process::exit(2);
    }
    let listener = match TcpListener::bind(("127.0.0.1", port)) {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("serve: cannot listen on 127.0.0.1:{port}: {e}");
            std::process::exit(2);
        }
    };
    let address = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    println!("serving {} at http://{address}/", folder.display());
    for stream in listener.incoming().flatten() {
        let folder = folder.clone();
        std::thread::spawn(move || {
            if let Err(e) = answer(stream, &folder) {
                eprintln!("serve: {e}");
            }
        });
    }
}

/// Answers one request (GET or HEAD of a file under `folder`).
fn answer(mut stream: TcpStream, folder: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(&stream);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    let mut accepts_gzip = false;
    let mut header = String::new();
    while reader.read_line(&mut header)? > 0 && !header.trim().is_empty() {
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("accept-encoding")
        {
            accepts_gzip |= value
                .split(',')
                .any(|coding| coding.trim().starts_with("gzip"));
        }
        header.clear();
    }
    let mut parts = request.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    // Only plain names below the folder: no `..`, no absolute paths.
    let safe = relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)));
    let mut file = folder.join(relative);
    if file.is_dir() {
        file = file.join("index.html");
    }
    let mut gzipped = PathBuf::from(&file);
    gzipped.as_mut_os_string().push(".gz");
    let (body, encoding) = match (safe, accepts_gzip) {
        (false, _) => (None, ""),
        (true, true) if gzipped.is_file() => (
            std::fs::read(&gzipped).ok(),
            "Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n",
        ),
        (true, _) => (std::fs::read(&file).ok(), ""),
    };
    let (status, kind, body) = match body {
        Some(body) => ("200 OK", content_type(&file), body),
        None => ("404 Not Found", "text/plain", b"not found\n".to_vec()),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\n{encoding}Content-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("otf") => "font/otf",
        _ => "application/octet-stream",
    }
}
