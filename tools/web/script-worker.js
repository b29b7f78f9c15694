// The browser's Python worker: the code panel hands it a student's program and the problem
// as JSON, and it answers with the recorded run; the assignment panel hands it a student's
// file and the assignment ({"Grade": …}), and it answers with the grades (see crates/script-web and
// frontier_script::wire). It loads the interpreter the first time the page starts it, so the
// page's own first load does not carry it. If the interpreter cannot load, or fails inside a
// run, it answers {"Err": why} and closes: the page starts a new worker for the next run.
importScripts("frontier_script.js");

const ready = wasm_bindgen({ module_or_path: "frontier_script_bg.wasm" });

function fail(why) {
    postMessage(JSON.stringify({ Err: "Python stopped in the browser: " + why }));
    close();
}

onmessage = (event) => {
    ready.then(
        () => {
            let answer;
            try {
                answer = event.data.startsWith('{"Grade"')
                    ? wasm_bindgen.grade(event.data)
                    : wasm_bindgen.record(event.data);
            } catch (error) {
                fail(String(error));
                return;
            }
            postMessage(answer);
        },
        (error) => fail("could not load (" + error + ")"),
    );
};
