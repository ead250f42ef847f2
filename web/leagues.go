package web

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// League field limits. They match the CHECK constraints of migration 00002.
const (
	leagueNameMax     = 80
	leagueEditionMax  = 80
	minRecentGamesMax = 1000
	recentDaysMax     = 3650
)

// leagueFields are the create-league fields in the order they are shown and reported.
var leagueFields = []string{"name", "game", "version", "edition", "players_per_game", "min_recent_games", "recent_days", "face_to_face",
	"results_by", "confirm_hours"}

// validateLeague normalises a league creation (trimmed text, the version's slug) and adds one
// message per wrong field to errs. The game must be in the registry, the version one of the
// game's (CONTRACT section 9; none is the default) and players per game within the
// version's range (scoring.Version.AcceptsPlayers).
func validateLeague(in *store.NewLeague, errs templates.FieldErrors) {
	in.Name = strings.TrimSpace(in.Name)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := textProblem(in.Name, leagueNameMax, true); msg != "" {
		errs["name"] = msg
	}
	game, version := validateGameVersion(in.Game, &in.Version, errs)
	if msg := textProblem(in.Edition, leagueEditionMax, false); msg != "" {
		errs["edition"] = msg
	}
	if _, bad := errs["players_per_game"]; !bad {
		switch {
		case in.PlayersPerGame == 0:
			errs["players_per_game"] = "required (2 to 8)"
		case in.PlayersPerGame < 2 || in.PlayersPerGame > store.LeagueSize:
			errs["players_per_game"] = "must be between 2 and 8"
		case version != nil:
			if perr := version.AcceptsPlayers(game, in.PlayersPerGame); perr != nil {
				errs["players_per_game"] = fieldProblem(perr)
			}
		case game.Slug != "":
			if perr := game.AcceptsPlayers(in.PlayersPerGame); perr != nil {
				errs["players_per_game"] = fieldProblem(perr)
			}
		}
	}
	if _, bad := errs["min_recent_games"]; !bad && (in.MinRecentGames < 0 || in.MinRecentGames > minRecentGamesMax) {
		errs["min_recent_games"] = "must be between 0 and 1000"
	}
	if _, bad := errs["recent_days"]; !bad && (in.RecentDays < 1 || in.RecentDays > recentDaysMax) {
		errs["recent_days"] = "must be between 1 and 3650 days"
	}
	validateResultsSetting(in.ResultsBy, in.ConfirmHours, errs)
}

// validateGameVersion checks a game slug and a version slug of it (CONTRACT section 9: "an
// unknown version is 422 naming version"), adding a message on "game" or "version" to errs;
// an empty version becomes the game's default. The game is the zero Game when unknown, the
// version nil when either is.
func validateGameVersion(slug string, version *string, errs templates.FieldErrors) (scoring.Game, *scoring.Version) {
	*version = strings.TrimSpace(*version)
	game, err := scoring.GameBySlug(slug)
	if slug == "" {
		errs["game"] = "required; choose one of " + gameSlugs()
		return scoring.Game{}, nil
	} else if err != nil {
		errs["game"] = fieldProblem(err)
		return scoring.Game{}, nil
	}
	v, err := game.Version(*version)
	if err != nil {
		errs["version"] = fieldProblem(err)
		return game, nil
	}
	*version = v.Slug
	return game, &v
}

// splitGameChoice reads the forms' combined game select: "arcs/lost-vaults" is a game and
// its version, "cartagena" a game alone (its default version, unless the form also sent a
// separate "version").
func splitGameChoice(choice, version string) (string, string) {
	if game, v, ok := strings.Cut(choice, "/"); ok {
		return game, v
	}
	return choice, version
}

// gameSlugs lists the registry's slugs, for error messages.
func gameSlugs() string {
	var slugs []string
	for _, g := range scoring.Games() {
		slugs = append(slugs, g.Slug)
	}
	return strings.Join(slugs, ", ")
}

// firstLeagueError renders the first failing field as "field: message", for the API.
func firstLeagueError(errs templates.FieldErrors) string {
	for _, f := range leagueFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// summarise is a league as lists and headers show it.
func summarise(l store.League) templates.LeagueSummary {
	name := l.Game
	if g, err := scoring.GameBySlug(l.Game); err == nil {
		name = g.Name
	}
	games := store.LeagueSize * scheduler.DefaultGamesPerPlayer(store.LeagueSize, l.PlayersPerGame) / l.PlayersPerGame
	rounds := games
	if l.FaceToFace {
		// A round seats everyone at most once, so it holds 8/k games; every 8-player
		// schedule in rounds has its rounds full (k=2: 14 rounds, 3: 12, 4: 16, 5: 40,
		// 6: 24, 7: 24, 8: 16).
		perRound := store.LeagueSize / l.PlayersPerGame
		rounds = (games + perRound - 1) / perRound
	}
	return templates.LeagueSummary{
		ID: l.ID, Name: l.Name, GameName: name, GameSlug: l.Game, Version: l.Version, Edition: l.Edition,
		VersionName:    versionName(l.Game, l.Version),
		PlayersPerGame: l.PlayersPerGame, MinRecentGames: l.MinRecentGames, RecentDays: l.RecentDays,
		FaceToFace: l.FaceToFace, Status: l.Status, Organiser: l.Organiser, Members: l.Members,
		TotalGames: games, TotalRounds: rounds, Description: l.Description, Venue: l.Venue, ClosedEarly: l.ClosedEarly,
		Private: l.Private, TimeZone: leagueLocation(l).String(),
	}
}

// summariseAll summarises a list of leagues.
func summariseAll(ls []store.League) []templates.LeagueSummary {
	out := make([]templates.LeagueSummary, len(ls))
	for i, l := range ls {
		out[i] = summarise(l)
	}
	return out
}

// leagueList lists the viewer's own leagues, the open ones to join, the running ones and the
// finished ones (closed early included; cancelled and archived leagues are not listed).
func (h *Handler) leagueList(c echo.Context) error {
	ctx := c.Request().Context()
	var v templates.LeaguesView
	open, err := h.store.LeaguesByStatus(ctx, store.LeagueOpen)
	if err != nil {
		return err
	}
	running, err := h.store.LeaguesByStatus(ctx, store.LeagueRunning)
	if err != nil {
		return err
	}
	finished, err := h.store.LeaguesByStatus(ctx, store.LeagueFinished)
	if err != nil {
		return err
	}
	// A league closed early is over too: it is listed with the finished ones, newest first.
	closed, err := h.store.LeaguesByStatus(ctx, store.LeagueClosed)
	if err != nil {
		return err
	}
	finished = append(finished, closed...)
	slices.SortFunc(finished, func(a, b store.League) int { return cmp.Compare(b.ID, a.ID) })
	v.Open, v.Running, v.Finished = summariseAll(open), summariseAll(running), summariseAll(finished)
	if u, ok := currentUser(c); ok {
		mine, err := h.store.LeaguesOf(ctx, u.ID)
		if err != nil {
			return err
		}
		v.Mine = summariseAll(mine)
	}
	return h.render(c, http.StatusOK, templates.Leagues(h.page(c, "Leagues"), v))
}

// gameChoices is the registry as the create-league and open-a-table forms offer it: each
// game with its versions, a choice per version ("The version is chosen with the game",
// issue 28), so the players each takes show beside it without JavaScript.
func gameChoices() []templates.GameGroup {
	var out []templates.GameGroup
	for _, g := range scoring.Games() {
		group := templates.GameGroup{Name: g.Name}
		vs := g.Versions()
		for _, v := range vs {
			c := templates.GameChoice{Value: g.Slug, Slug: g.Slug, Version: v.Slug, Name: g.Name,
				MinPlayers: v.MinPlayers, MaxPlayers: v.MaxPlayers, Note: v.Note}
			if len(vs) > 1 {
				c.Value, c.Name = g.Slug+"/"+v.Slug, g.Name+": "+v.Name
			}
			group.Choices = append(group.Choices, c)
		}
		out = append(out, group)
	}
	return out
}

// selectedChoice is the value of the combined select that shows game and version.
func selectedChoice(game, version string) string {
	if g, err := scoring.GameBySlug(game); err == nil && len(g.Versions()) > 1 {
		if version == "" {
			version = g.DefaultVersion().Slug
		}
		return game + "/" + version
	}
	return game
}

// newLeaguePage shows the create-league form with the seed's default activity rule.
func (h *Handler) newLeaguePage(c echo.Context) error {
	form := templates.LeagueForm{
		PlayersPerGame: "4",
		MinRecentGames: strconv.Itoa(store.DefaultMinRecentGames),
		RecentDays:     strconv.Itoa(store.DefaultRecentDays),
		Games:          gameChoices(),
		Results:        resultsSettingView(store.ResultsByPlayers, store.DefaultConfirmHours),
	}
	return h.render(c, http.StatusOK, templates.NewLeague(h.page(c, "Create a league"), form))
}

// createLeague creates a league from the form and goes to its page; the creator is its
// organiser. A refused creation shows the form again with a message under each wrong field.
func (h *Handler) createLeague(c echo.Context) error {
	user, _ := currentUser(c) // requireLogin guarantees it
	game, version := splitGameChoice(c.FormValue("game"), c.FormValue("version"))
	form := templates.LeagueForm{
		Name:           c.FormValue("name"),
		Game:           selectedChoice(game, version),
		Edition:        c.FormValue("edition"),
		PlayersPerGame: strings.TrimSpace(c.FormValue("players_per_game")),
		MinRecentGames: strings.TrimSpace(c.FormValue("min_recent_games")),
		RecentDays:     strings.TrimSpace(c.FormValue("recent_days")),
		Games:          gameChoices(),
		Errors:         templates.FieldErrors{},
	}
	// A checked box sends its value, "true"; an unchecked one sends nothing.
	form.FaceToFace = c.FormValue("face_to_face") != ""
	in := store.NewLeague{Name: form.Name, Game: game, Version: version, Edition: form.Edition, FaceToFace: form.FaceToFace, OrganiserID: user.ID}
	in.ResultsBy, in.ConfirmHours, form.Results = resultsSettingForm(c, form.Errors)
	in.PlayersPerGame = formInt(form.PlayersPerGame, "players_per_game", 0, form.Errors)
	in.MinRecentGames = formInt(form.MinRecentGames, "min_recent_games", store.DefaultMinRecentGames, form.Errors)
	in.RecentDays = formInt(form.RecentDays, "recent_days", store.DefaultRecentDays, form.Errors)
	if validateLeague(&in, form.Errors); len(form.Errors) > 0 {
		form.Name, form.Edition = in.Name, in.Edition
		return h.render(c, http.StatusUnprocessableEntity, templates.NewLeague(h.page(c, "Create a league"), form))
	}
	l, err := h.leagues.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.flash(c, "Your league is created; it starts when its 8th player joins.")
	return c.Redirect(http.StatusSeeOther, summarise(l).URL())
}
