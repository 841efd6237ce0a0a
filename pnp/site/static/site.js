/* pnp rules pages: walkthroughs stepped through with buttons, arrow keys and swipes, the step kept in the
   address (#first-blood-round-3-card-10). Without this script every step is listed in order; with it,
   each walkthrough shows one step at a time. Nothing here loads anything. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var walks = [];
  var last = null;

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < (window.innerHeight || document.documentElement.clientHeight);
  }

  function mark(id) {
    try {
      history.replaceState(null, "", "#" + id);
    } catch (e) {
      /* some browsers refuse it on file:// pages: the step still changes */
    }
  }

  function Walk(el) {
    var self = this;
    this.el = el;
    this.steps = Array.prototype.slice.call(el.querySelectorAll(".step"));
    this.status = el.querySelector(".status");
    this.prev = el.querySelector(".prev");
    this.next = el.querySelector(".next");
    this.label = el.getAttribute("data-step-label") || "{n}/{total}";
    this.index = 0;
    el.querySelector(".controls").hidden = false;
    el.classList.add("stepping");
    this.prev.addEventListener("click", function () { self.go(self.index - 1, true); });
    this.next.addEventListener("click", function () { self.go(self.index + 1, true); });
    el.addEventListener("focusin", function () { last = self; });
    el.addEventListener("pointerdown", function () { last = self; });
    var x0 = null, y0 = null;
    el.addEventListener("touchstart", function (e) {
      if (e.touches.length === 1) { x0 = e.touches[0].clientX; y0 = e.touches[0].clientY; }
    }, { passive: true });
    el.addEventListener("touchend", function (e) {
      if (x0 === null) { return; }
      var t = e.changedTouches[0], dx = t.clientX - x0, dy = t.clientY - y0;
      x0 = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) {
        last = self;
        self.go(self.index + (dx < 0 ? 1 : -1), true);
      }
    }, { passive: true });
    this.go(0, false);
  }

  Walk.prototype.go = function (i, remember) {
    if (i < 0 || i >= this.steps.length) { return; }
    this.index = i;
    this.steps.forEach(function (s, j) { s.hidden = j !== i; });
    var step = this.steps[i];
    this.status.textContent = step.getAttribute("data-round") + " · " +
      this.label.replace("{n}", String(i + 1)).replace("{total}", String(this.steps.length));
    this.prev.disabled = i === 0;
    this.next.disabled = i === this.steps.length - 1;
    if (remember) { mark(step.id); }
  };

  function open(hash) {
    var id = decodeURIComponent((hash || "").replace(/^#/, ""));
    if (!id) { return; }
    walks.forEach(function (w) {
      w.steps.forEach(function (s, j) {
        if (s.id === id) { w.go(j, false); last = w; }
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll(".walkthrough"), function (el) {
    walks.push(new Walk(el));
  });
  open(location.hash);
  window.addEventListener("hashchange", function () { open(location.hash); });

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") { return; }
    var tag = (e.target && e.target.tagName) || "";
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) { return; }
    var w = last && inView(last.el) ? last : null;
    for (var k = 0; !w && k < walks.length; k++) {
      if (inView(walks[k].el)) { w = walks[k]; }
    }
    if (!w) { return; }
    last = w;
    w.go(w.index + (e.key === "ArrowRight" ? 1 : -1), true);
    e.preventDefault();
  });
}());
