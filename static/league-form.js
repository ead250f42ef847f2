// The create-league form's live preview: as the organiser changes how many players, the
// players per game, the games each or face to face, it says how many games the league
// plays, how many each plays and how often two players meet, as the server's preview does
// (templates.LeaguePreviewIn). The scheduler's default games each come from the server in
// data-default-games ("N,K" → games each), so the rule lives in one place; the sentences,
// in the page's language, in data-words (each counted one per plural form, chosen here by
// Intl.PluralRules, numbers written by Intl.NumberFormat in the page's <html lang>).
// Without JavaScript the "Preview the games" button asks the server instead.
(function () {
  "use strict";
  var box = document.getElementById("league-preview");
  var out = document.getElementById("league-preview-text");
  var form = box && box.closest("form");
  if (!box || !out || !form) {
    return;
  }
  var defaults = {};
  var words = {};
  try {
    defaults = JSON.parse(box.getAttribute("data-default-games") || "{}");
    words = JSON.parse(box.getAttribute("data-words") || "{}");
  } catch (e) {
    return;
  }
  if (!words.size) {
    return;
  }
  var lang = document.documentElement.lang || "en";
  var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  var numbers = window.Intl && Intl.NumberFormat ? new Intl.NumberFormat(lang) : null;
  function num(n) {
    return numbers ? numbers.format(n) : String(n);
  }
  function fill(text, blanks) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(blanks, name) ? blanks[name] : all;
    });
  }
  function counted(key, n) {
    var forms = words[key] || {};
    var form = rules ? rules.select(n) : n === 1 ? "one" : "other";
    return fill(forms[form] || forms.other || "", { n: num(n) });
  }
  function whole(id) {
    var el = document.getElementById(id);
    if (!el || el.value.trim() === "") {
      return 0;
    }
    var n = Number(el.value);
    return Number.isInteger(n) ? n : NaN;
  }
  function sentence() {
    var n = whole("f-players") || 8;
    var k = whole("f-players_per_game");
    var chosen = whole("f-games_per_player");
    var face = document.getElementById("f-face_to_face");
    if (!(n >= Math.max(3, k) && n <= 32 && k >= 2 && k <= 8) || isNaN(chosen)) {
      return words.choose;
    }
    var r = chosen > 0 ? chosen : defaults[n + "," + k];
    if (!r || r % k !== 0) {
      return fill(words.multiple, { k: num(k) });
    }
    var games = n * r / k;
    var total = r * (k - 1);
    var least = Math.floor(total / (n - 1));
    var most = total % (n - 1) === 0 ? least : least + 1;
    var s = fill(words.size, { players: num(n), k: num(k), games: counted("games", games) });
    if (face && face.checked) {
      var perRound = Math.max(1, Math.floor(n / k));
      s += " " + counted("rounds", Math.ceil(games / perRound));
    }
    var meet = counted("meet", least);
    if (most !== least) {
      meet = fill(words.meet_range, { least: num(least), most: num(most) });
    }
    return s + "; " + counted("each", r) + "; " + meet + ".";
  }
  function update() {
    out.textContent = sentence();
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
