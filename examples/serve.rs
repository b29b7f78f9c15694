//! A static file server for the web build on 127.0.0.1, with nothing but the standard
//! library: `cargo run --example serve -- [FOLDER] [PORT]` (default `target/web`, 8080).
//! For a quick look and the browser tests; a real site is any static host.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

fn main() {
    let mut args = std::env::args().skip(1);
    let folder = PathBuf::from(args.next().unwrap_or_else(|| "target/web".into()));
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
    let mut request = String::new();
    BufReader::new(&stream).read_line(&mut request)?;
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
    let body = if safe {
        std::fs::read(&file).ok()
    } else {
        None
    };
    let (status, kind, body) = match body {
        Some(body) => ("200 OK", content_type(&file), body),
        None => ("404 Not Found", "text/plain", b"not found\n".to_vec()),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
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
        _ => "application/octet-stream",
    }
}
