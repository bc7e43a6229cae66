#!/usr/bin/env python3
# Times `nibscript lsp` as an editor sees it, over standard input and output: opens a
# generated script of about 2,000 lines (the same shape as LatencyTests's: classes with
# outlets, nibs that connect them, scenarios that load them), then 40 times edits one line
# of its last scenario (a keystroke: the whole text is sent, as with full sync) and times
# the new diagnostics, a hover, a completion and a definition. Prints the median, the 90th
# percentile and the maximum of each. Not a test: figures depend on the machine.
#
#   swift build -c release --product nibscript
#   python3 docs/lsp-latency.py .build/release/nibscript
import json, subprocess, sys, time, statistics
def script(target=2000):
    s = "platform ios 5.1\nmemory mrc\n\n"; k = 0
    while len(s.split("\n")) < target:
        s += f"""class Owner{k} : UIViewController {{
    outlet label : UILabel retain
    outlet button : UIButton retain
    dealloc {{
        release label
        release button
        super
    }}
}}

nib Panel{k} {{
    owner : Owner{k}
    root : UIView {{
        title{k} : UILabel
        ok{k} : UIButton
    }}
    connect owner.label -> title{k}
    connect owner.button -> ok{k}
    connect owner.view -> root
}}

scenario "panel {k}" {{
    o = new Owner{k}
    load nib Panel{k} owner o
    drain
    expect count title{k} == 2
    retain o.label
    release o.label
    send o.button
    a = new UILabel
    retain a
    release a
    o.label = a
    release a
    expect count a == 1
    release o
    expect deallocated o
    expect no leaks
}}


"""
        k += 1
    return s, k
text, k = script()
lines = text.split("\n")
p = subprocess.Popen([sys.argv[1], "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(m):
    b = json.dumps(m).encode(); p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def recv():
    h = b""
    while not h.endswith(b"\r\n\r\n"): h += p.stdout.read(1)
    n = int(h.split(b":")[1].strip().split(b"\r")[0]); return json.loads(p.stdout.read(n))
def until(pred):
    while True:
        m = recv()
        if pred(m): return m
uri = "file:///tmp/big.nibscript"
send({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}); until(lambda m: m.get("id")==1)
send({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":uri,"languageId":"nibscript","version":1,"text":text}}})
until(lambda m: m.get("method")=="textDocument/publishDiagnostics")
time.sleep(3)
# the line of the last `send o.button`
li = max(i for i,l in enumerate(lines) if l == "    send o.button")
times = {"change → diagnostics":[], "hover":[], "completion":[], "definition":[]}
rid = 100
for i in range(40):
    suffix = ["x","xy","x",""][i % 4]
    lines[li] = "    send o.button" + suffix
    t = time.perf_counter()
    send({"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":uri,"version":10+i},"contentChanges":[{"text":"\n".join(lines)}]}})
    until(lambda m: m.get("method")=="textDocument/publishDiagnostics" and m["params"].get("version")==10+i)
    times["change → diagnostics"].append((time.perf_counter()-t)*1000)
    for name, method, ch in [("hover","textDocument/hover",12),("completion","textDocument/completion",11),("definition","textDocument/definition",9)]:
        rid += 1; t = time.perf_counter()
        send({"jsonrpc":"2.0","id":rid,"method":method,"params":{"textDocument":{"uri":uri},"position":{"line":li,"character":ch}}})
        until(lambda m: m.get("id")==rid)
        times[name].append((time.perf_counter()-t)*1000)
print(f"{len(lines)} lines, {k} classes/nibs/scenarios:")
for n, ts in times.items():
    ts.sort(); print(f"  {n}: median {statistics.median(ts):.1f} ms, 90th {ts[int(len(ts)*0.9)]:.1f} ms, max {max(ts):.1f} ms")
send({"jsonrpc":"2.0","id":9999,"method":"shutdown"}); until(lambda m: m.get("id")==9999)
send({"jsonrpc":"2.0","method":"exit"}); print("exit", p.wait())
