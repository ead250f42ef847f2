// The create-league form's live preview: as the organiser changes how many players, the
// players per game, the games each or face to face, it says how many games the league
// plays, how many each plays and how often two players meet, as the server's preview does
// (templates.LeaguePreview). The scheduler's default games each come from the server in
// data-default-games ("N,K" → games each), so the rule lives in one place. Without
// JavaScript the "Preview the games" button asks the server instead.
(function () {
  "use strict";
  var box = document.getElementById("league-preview");
  var out = document.getElementById("league-preview-text");
  var form = box && box.closest("form");
  if (!box || !out || !form) {
    return;
  }
  var defaults = {};
  try {
    defaults = JSON.parse(box.getAttribute("data-default-games") || "{}");
  } catch (e) {
    return;
  }
  function whole(id) {
    var el = document.getElementById(id);
    if (!el || el.value.trim() === "") {
      return 0;
    }
    var n = Number(el.value);
    return Number.isInteger(n) ? n : NaN;
  }
  function plural(n, one, many) {
    return n === 1 ? one : many;
  }
  function sentence() {
    var n = whole("f-players") || 8;
    var k = whole("f-players_per_game");
    var chosen = whole("f-games_per_player");
    var face = document.getElementById("f-face_to_face");
    if (!(n >= Math.max(3, k) && n <= 32 && k >= 2 && k <= 8) || isNaN(chosen)) {
      return "Choose 3 to 32 players and 2 to 8 a game, at most as many a game as players, to see the games.";
    }
    var r = chosen > 0 ? chosen : defaults[n + "," + k];
    if (!r || r % k !== 0) {
      return "Games per player must be a multiple of " + k + ", the players per game.";
    }
    var games = n * r / k;
    var total = r * (k - 1);
    var least = Math.floor(total / (n - 1));
    var most = total % (n - 1) === 0 ? least : least + 1;
    var s = n + " players, " + k + " a game: " + games + " " + plural(games, "game", "games");
    if (face && face.checked) {
      var perRound = Math.max(1, Math.floor(n / k));
      var rounds = Math.ceil(games / perRound);
      s += " in " + rounds + " " + plural(rounds, "round", "rounds");
    }
    var meet = least + " " + plural(least, "time", "times");
    if (most !== least) {
      meet = least + " or " + most + " times";
    }
    return s + "; each plays " + r + " " + plural(r, "game", "games") + "; every two players meet " + meet + ".";
  }
  function update() {
    out.textContent = sentence();
  }
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
})();
