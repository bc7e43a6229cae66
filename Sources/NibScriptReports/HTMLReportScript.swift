/// The report page's script: scenarios and lines chosen by clicks and by the address (by
/// index or by title, a wrong one said so), the graph after a line, and what is built from
/// the events' data (HTMLReportData.swift): a line's events past the first dozen, and the
/// retain-count timelines, a few hundred rows at a time. DOM nodes get script text through
/// `textContent` or `esc`, never as markup.
extension HTMLReport {
    package static let script = """
    (function () {
      "use strict";
      window.addEventListener("error", function (e) {
        var d = document.createElement("div");
        d.id = "js-error"; d.className = "js-error";
        d.textContent = "JavaScript error: " + (e.message || e);
        document.body.appendChild(d);
      });
      var body = document.body;
      var index = JSON.parse(document.getElementById("graph-index").textContent);
      var current = 0, selected = null, data = [], drawn = [];
      var KINDS = ["alloc", "retain", "release", "autorelease", "drain", "dealloc", "deallocIncomplete", "weakZeroed", "zombie", "crash"];
      var ROWS = 200;
      function esc(t) {
        return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
      }
      function num(v) { return String(Math.round(v * 10) / 10); }
      function events(i) {
        if (!data[i]) {
          var el = document.getElementById("events-" + i);
          data[i] = el ? JSON.parse(el.textContent) : { objects: [], strings: [], events: [], ticks: [], cut: 0 };
        }
        return data[i];
      }
      function eventElement(d, ev) {
        var kind = KINDS[ev[1]], who = ev[3] >= 0 ? d.objects[ev[3]][1] : "", n = ev[4] < 0 ? 0 : ev[4];
        var str = ev[6] >= 0 ? d.strings[ev[6]] : "", text = "";
        switch (kind) {
          case "alloc": text = "alloc " + who + " \\u2192 1"; break;
          case "retain": case "release": text = kind + " " + who + " \\u2192 " + n; break;
          case "autorelease": text = "autorelease " + who + " (" + n + ", pool " + ev[6] + ")"; break;
          case "drain": text = "drain pool " + ev[6] + ": " + n + " pending"; break;
          case "dealloc": text = "dealloc " + who; break;
          case "deallocIncomplete": text = "warning: " + str; break;
          case "weakZeroed": text = "weak \\u2192 nil " + str + " (was " + who + ")"; break;
          case "zombie": text = "ZOMBIE " + str + " to " + who; break;
          case "crash": text = "CRASH " + str; break;
        }
        var div = document.createElement("div");
        div.className = "e k-" + kind;
        div.style.setProperty("--d", String(ev[2]));
        div.appendChild(document.createTextNode(text));
        if (ev[5] >= 0) {
          div.appendChild(document.createTextNode(" "));
          var why = document.createElement("span");
          why.className = "why"; why.textContent = d.strings[ev[5]];
          div.appendChild(why);
        }
        return div;
      }
      // A line's events past those written into the page.
      function more(button) {
        var d = events(Number(button.getAttribute("data-s"))), line = Number(button.getAttribute("data-more"));
        var skip = Number(button.getAttribute("data-skip")), seen = 0, list = d.events;
        for (var k = 0; k < list.length; k++) {
          if (list[k][0] !== line) { continue; }
          seen++;
          if (seen > skip) { button.parentNode.insertBefore(eventElement(d, list[k]), button); }
        }
        button.parentNode.removeChild(button);
      }
      // The retain-count timelines of scenario i, `ROWS` objects at a time.
      function timelines(i) {
        var box = document.querySelector(".tl.s" + i);
        if (!box || drawn[i]) { return; }
        drawn[i] = { next: 0 };
        var d = events(i), list = d.events;
        if (list.length === 0) { box.innerHTML = "<p>No events.</p>"; return; }
        var width = 720, height = 34, span = Math.max(list.length - 1, 1);
        function x(k) { return 6 + k / span * (width - 12); }
        var axis = '<svg class="axis" width="720" height="18" viewBox="0 0 720 18">', lastLabel = -100;
        for (var t = 0; t < d.ticks.length; t++) {
          var px = x(d.ticks[t][0]);
          axis += '<line x1="' + num(px) + '" y1="12" x2="' + num(px) + '" y2="18" stroke="#9ca3af"/>';
          if (px - lastLabel >= 26) {
            axis += '<text x="' + num(px) + '" y="10" font-size="9" text-anchor="middle" data-line="' + d.ticks[t][1] + '">' + d.ticks[t][1] + "</text>";
            lastLabel = px;
          }
        }
        box.innerHTML = '<div class="row"><span class="who">line</span>' + axis + "</svg></div>";
        var by = {}, order = [];
        for (var k = 0; k < list.length; k++) {
          var o = list[k][3], kind = KINDS[list[k][1]];
          if (o < 0 || kind === "weakZeroed" || kind === "deallocIncomplete") { continue; }
          if (!by[o]) { by[o] = []; order.push(o); }
          by[o].push(k);
        }
        order.sort(function (a, b) { return d.objects[a][0] - d.objects[b][0]; });
        drawn[i].rows = function (count) {
          var html = "", end = Math.min(order.length, drawn[i].next + count);
          for (var r = drawn[i].next; r < end; r++) { html += row(d, order[r], by[order[r]], x, height, width); }
          drawn[i].next = end;
          var old = box.querySelector("button.rows");
          if (old) { old.parentNode.removeChild(old); }
          box.insertAdjacentHTML("beforeend", html);
          if (end < order.length) {
            box.insertAdjacentHTML("beforeend", '<button type="button" class="more rows" data-s="' + i + '">' + (order.length - end) + " more object" + (order.length - end === 1 ? "" : "s") + "</button>");
          } else if (d.cut > 0) {
            box.insertAdjacentHTML("beforeend", '<p class="cut">' + d.cut + " later event" + (d.cut === 1 ? " is" : "s are") + " not drawn: the page's size budget is spent (see the note at the top).</p>");
          }
        };
        drawn[i].rows(ROWS);
      }
      function row(d, o, ks, x, height, width) {
        var list = d.events, label = d.objects[o][1], top = 1;
        for (var a = 0; a < ks.length; a++) { if (list[ks[a]][4] > top) { top = list[ks[a]][4]; } }
        function y(c) { return height - 5 - c / top * (height - 12); }
        var path = "", marks = "", last = null, dead = false, dots = ks.length <= 300;
        for (var b = 0; b < ks.length; b++) {
          var k = ks[b], ev = list[k], kind = KINDS[ev[1]];
          if (kind === "zombie") {
            marks += '<circle class="zombie" cx="' + num(x(k)) + '" cy="' + num(y(0)) + '" r="4" data-line="' + ev[0] + '"><title>line ' + ev[0] + ": zombie message " + esc(d.strings[ev[6]]) + "</title></circle>";
            continue;
          }
          if (ev[4] < 0) { continue; }
          var px = num(x(k)), py = num(y(ev[4]));
          path += last === null ? "M" + px + "," + py : "H" + px + "V" + py;
          last = ev[4];
          if (kind === "dealloc") {
            dead = true;
            marks += '<path class="dealloc" d="M' + num(x(k) - 4) + "," + num(y(0) - 4) + 'l8,8m0,-8l-8,8" data-line="' + ev[0] + '"><title>line ' + ev[0] + ": dealloc</title></path>";
          } else if (dots) {
            marks += '<circle cx="' + px + '" cy="' + py + '" r="2.5" data-line="' + ev[0] + '"><title>line ' + ev[0] + ": " + kind + " \\u2192 " + ev[4] + (ev[5] >= 0 ? " (" + esc(d.strings[ev[5]]) + ")" : "") + "</title></circle>";
          }
        }
        if (!dead && last !== null) { path += "H" + num(width - 6); }
        var h = '<div class="row"><span class="who" title="' + esc(label) + '">' + esc(label) + "</span>";
        h += '<svg class="steps" width="' + width + '" height="' + height + '" viewBox="0 0 ' + width + " " + height + '">';
        h += '<line x1="6" y1="' + num(y(0)) + '" x2="' + num(width - 6) + '" y2="' + num(y(0)) + '" stroke="#e5e7eb"/>';
        h += '<path d="' + path + '" fill="none" stroke="' + (dead ? "#6b7280" : "#4f46e5") + '" stroke-width="1.6"/>' + marks + "</svg>";
        return h + '<span class="end' + (dead ? " gone" : "") + '">' + (dead ? "dealloc" : "\\u00d7" + (last === null ? 0 : last)) + "</span></div>";
      }
      function setScenario(i) {
        if (!(i >= 0 && i < index.length)) { return; }
        current = i;
        body.setAttribute("data-scenario", String(i));
        var tabs = document.querySelectorAll("#tabs button");
        for (var k = 0; k < tabs.length; k++) { tabs[k].classList.toggle("on", Number(tabs[k].getAttribute("data-s")) === i); }
        timelines(i);
      }
      function showGraph(line) {
        var list = index[current].graphs, best = null, shown = null;
        for (var k = 0; k < list.length; k++) {
          if (list[k][0] <= line) {
            best = list[k];
            if (list[k][1] >= 0 && document.getElementById("svg-" + list[k][1])) { shown = list[k]; }
          }
        }
        var graph = document.getElementById("graph"), caption = document.getElementById("graph-caption");
        while (graph.firstChild) { graph.removeChild(graph.firstChild); }
        if (!best) { caption.textContent = "No statement of this scenario ran before line " + line + "."; return; }
        if (!shown) { caption.textContent = "The graph after line " + best[0] + " was not kept (a long script keeps graphs of evenly spaced statements)."; return; }
        graph.appendChild(document.importNode(document.getElementById("svg-" + shown[1]).content, true));
        var svg = graph.querySelector("svg"), n = svg ? Number(svg.getAttribute("data-alive")) : 0;
        var where = shown[0] !== best[0] ? " (the nearest kept graph: a long script keeps graphs of evenly spaced statements)"
          : best[0] !== line ? " (the last statement before line " + line + ")" : "";
        caption.textContent = "After line " + shown[0] + where + ": " + n + " object" + (n === 1 ? "" : "s") + " alive.";
      }
      function select(line, scroll) {
        if (selected) { selected.classList.remove("sel"); }
        selected = document.getElementById("L" + line);
        if (selected) { selected.classList.add("sel"); if (scroll) { selected.scrollIntoView({ block: "center" }); } }
        showGraph(line);
        if (history.replaceState) { history.replaceState(null, "", "#" + index[current].slug + "-L" + line); }
      }
      document.addEventListener("click", function (ev) {
        var button = ev.target.closest ? ev.target.closest("button.more") : null;
        if (button) {
          if (button.classList.contains("rows")) { drawn[Number(button.getAttribute("data-s"))].rows(ROWS); } else { more(button); }
          return;
        }
        var el = ev.target.closest ? ev.target.closest("[data-line], #source tr") : null;
        if (!el) { return; }
        ev.preventDefault();
        var s = el.getAttribute("data-s");
        if (s !== null) { setScenario(Number(s)); }
        select(el.tagName === "TR" ? Number(el.id.slice(1)) : Number(el.getAttribute("data-line")), el.tagName !== "TR");
      });
      // The address: #s1-L40, #s1, #L40, or a scenario's title in an address's form
      // (#a-leaked-label-L40). A wrong one is said so, not silently taken as scenario 0.
      function fromAddress() {
        var hash = location.hash.slice(1);
        try { hash = decodeURIComponent(hash); } catch (e) {}
        if (hash === "" || (document.getElementById(hash) && !/^L\\d+$/.test(hash))) { return false; }
        var m = /^(?:(.*)-)?L(\\d+)$/.exec(hash), name = m ? m[1] : hash, line = m ? Number(m[2]) : null, found = -1;
        if (name === undefined || name === "") { found = 0; }
        else if (/^s\\d+$/.test(name)) { found = Number(name.slice(1)); if (found >= index.length) { found = -1; } }
        else { for (var k = 0; k < index.length; k++) { if (index[k].slug === name) { found = k; } } }
        var lines = document.querySelectorAll("#source tr").length, problem = null;
        if (found < 0) {
          var names = [];
          for (var j = 0; j < index.length; j++) { names.push("s" + j + " or " + index[j].slug + " (\\u201c" + index[j].title + "\\u201d)"); }
          problem = "This page has no scenario \\u201c" + name + "\\u201d (the address #" + hash + "): its scenarios are " + names.join(", ") + ". Showing the first.";
          found = 0;
        } else if (line !== null && (line < 1 || line > lines)) {
          problem = "The address #" + hash + " names line " + line + ", but the file has " + lines + " line" + (lines === 1 ? "" : "s") + ".";
          line = null;
        }
        if (problem) {
          var p = document.createElement("p");
          p.id = "address-error"; p.className = "cut"; p.textContent = problem;
          document.querySelector("header").appendChild(p);
        }
        setScenario(found);
        select(line === null ? index[found].initial : line, line !== null);
        return true;
      }
      if (index.length > 0 && !fromAddress()) {
        setScenario(0);
        select(index[0].initial, false);
      }
      // What a reader sees, for the browser test: FAIL marks on screen, objects drawn.
      function visible(selector) {
        var all = document.querySelectorAll(selector), n = 0;
        for (var k = 0; k < all.length; k++) { if (all[k].getClientRects().length > 0) { n++; } }
        return n;
      }
      body.setAttribute("data-visible-fail-marks", String(visible(".x.fail")));
      body.setAttribute("data-visible-graph-nodes", String(visible("#graph .node.object:not(.deallocated)")));
      body.setAttribute("data-ready", "1");
    })();

    """
}
