package pages

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// splitGameChoice reads the forms' combined game select: "arcs/lost-vaults" is a game and
// its version, "cartagena" a game alone (its default version, unless the form also sent a
// separate "version").
func splitGameChoice(choice, version string) (string, string) {
	if game, v, ok := strings.Cut(choice, "/"); ok {
		return game, v
	}
	return choice, version
}

// summarise is a league as lists and headers show it.
func summarise(l store.League) templates.LeagueSummary {
	name := l.Game
	if g, err := scoring.GameBySlug(l.Game); err == nil {
		name = g.Name
	}
	f := l.Format()
	least, most := f.Meetings()
	return templates.LeagueSummary{
		ID: l.ID, Name: l.Name, GameName: name, GameSlug: l.Game, Version: l.Version, Edition: l.Edition,
		VersionName:    versionName(l.Game, l.Version),
		PlayersPerGame: l.PlayersPerGame, MinRecentGames: l.MinRecentGames, RecentDays: l.RecentDays,
		FaceToFace: l.FaceToFace, Status: l.Status, Organiser: l.Organiser, Members: l.Members,
		Players: f.Players, GamesEach: f.GamesEach(), Meetings: [2]int{least, most}, TotalGames: f.Games(), TotalRounds: f.Rounds(l.FaceToFace), Description: l.Description, Venue: l.Venue, ClosedEarly: l.ClosedEarly,
		Private: l.Private, TimeZone: l.Location().String(),
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
	open, err := h.Store.LeaguesByStatus(ctx, store.LeagueOpen)
	if err != nil {
		return err
	}
	running, err := h.Store.LeaguesByStatus(ctx, store.LeagueRunning)
	if err != nil {
		return err
	}
	finished, err := h.Store.LeaguesByStatus(ctx, store.LeagueFinished)
	if err != nil {
		return err
	}
	// A league closed early is over too: it is listed with the finished ones, newest first.
	closed, err := h.Store.LeaguesByStatus(ctx, store.LeagueClosed)
	if err != nil {
		return err
	}
	finished = append(finished, closed...)
	slices.SortFunc(finished, func(a, b store.League) int { return cmp.Compare(b.ID, a.ID) })
	v.Open, v.Running, v.Finished = summariseAll(open), summariseAll(running), summariseAll(finished)
	if u, ok := httpx.CurrentUser(c); ok {
		mine, err := h.Store.LeaguesOf(ctx, u.ID)
		if err != nil {
			return err
		}
		v.Mine = summariseAll(mine)
	}
	return h.Render(c, http.StatusOK, templates.Leagues(h.Page(c, locales.T(c.Request().Context(), "nav.leagues")), v))
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

// newLeaguePage shows the create-league form: 8 players, 4 a game, the seed's default
// activity rule, and what such a league plays.
func (h *Handler) newLeaguePage(c echo.Context) error {
	form := templates.LeagueForm{
		Players:        strconv.Itoa(store.DefaultLeagueSize),
		PlayersPerGame: "4",
		MinRecentGames: strconv.Itoa(store.DefaultMinRecentGames),
		RecentDays:     strconv.Itoa(store.DefaultRecentDays),
		Games:          gameChoices(),
		Results:        resultsSettingView(store.ResultsByPlayers, store.DefaultConfirmHours),
		DefaultGames:   defaultGamesJSON,
	}
	form.Preview = leaguePreview(locales.From(c.Request().Context()), league.Format{Players: store.DefaultLeagueSize, PlayersPerGame: 4}, false)
	// A new club's first league must be joinable by its own new members (issue #34).
	played, err := h.Store.AnyFinishedGame(c.Request().Context())
	if err != nil {
		return err
	}
	if !played {
		form.NewClub, form.MinRecentGames = true, "0"
	}
	return h.Render(c, http.StatusOK, templates.NewLeague(h.Page(c, locales.T(c.Request().Context(), "leagues.create")), form))
}

// leaguePreview says what a league of format f plays (templates.LeaguePreview), or
// nothing when the format is wrong.
func leaguePreview(l locales.Lang, f league.Format, faceToFace bool) string {
	if f.PlayersPerGame < 2 || f.PlayersPerGame > f.Players {
		return ""
	}
	if field, _ := f.Check(); field != "" {
		return ""
	}
	least, most := f.Meetings()
	return templates.LeaguePreviewIn(l, f.Players, f.PlayersPerGame, f.Games(), f.Rounds(faceToFace), faceToFace, f.GamesEach(), least, most)
}

// defaultGamesJSON maps "N,K" to the games each a league of N plays with K a game when its
// organiser chooses none (league.Format.GamesEach), for the create form's live preview.
var defaultGamesJSON = func() string {
	m := map[string]int{}
	for n := league.MinSize; n <= league.MaxSize; n++ {
		for k := 2; k <= min(n, 8); k++ {
			m[fmt.Sprintf("%d,%d", n, k)] = league.Format{Players: n, PlayersPerGame: k}.GamesEach()
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic("pages: default games: " + err.Error()) // a map of ints always marshals
	}
	return string(b)
}()

// createLeague creates a league from the form and goes to its page; the creator is its
// organiser. A refused creation shows the form again with a message under each wrong field.
func (h *Handler) createLeague(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	game, version := splitGameChoice(c.FormValue("game"), c.FormValue("version"))
	form := templates.LeagueForm{
		Name:           c.FormValue("name"),
		Game:           selectedChoice(game, version),
		Edition:        c.FormValue("edition"),
		PlayersPerGame: strings.TrimSpace(c.FormValue("players_per_game")),
		Players:        strings.TrimSpace(c.FormValue("players")),
		GamesPerPlayer: strings.TrimSpace(c.FormValue("games_per_player")),
		DefaultGames:   defaultGamesJSON,
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
	in.Players = formInt(form.Players, "players", store.DefaultLeagueSize, form.Errors)
	if in.GamesPerPlayer = formInt(form.GamesPerPlayer, "games_per_player", 0, form.Errors); form.GamesPerPlayer != "" && in.GamesPerPlayer <= 0 {
		form.Errors["games_per_player"] = locales.T(c.Request().Context(), "newleague.games_positive")
	}
	in.MinRecentGames = formInt(form.MinRecentGames, "min_recent_games", store.DefaultMinRecentGames, form.Errors)
	in.RecentDays = formInt(form.RecentDays, "recent_days", store.DefaultRecentDays, form.Errors)
	setup := in.Setup()
	league.CheckSetup(locales.From(c.Request().Context()), &setup, form.Errors)
	in.Name, in.Edition, in.Version = setup.Name, setup.Edition, setup.Version
	form.Name, form.Edition = in.Name, in.Edition
	sizeWrong := form.Errors["players"] != "" || form.Errors["players_per_game"] != "" || form.Errors["games_per_player"] != ""
	if !sizeWrong {
		form.Preview = leaguePreview(locales.From(c.Request().Context()), in.Format(), in.FaceToFace)
	}
	// "Preview the games" (the form without JavaScript): the same form again, saying what
	// the league will play, and nothing stored; only the fields the preview reads are
	// checked, so a name can come later.
	if c.FormValue("preview") != "" {
		status := http.StatusOK
		for field := range form.Errors {
			switch field {
			case "players", "players_per_game", "games_per_player", "game", "version":
				status = http.StatusUnprocessableEntity
			default:
				delete(form.Errors, field)
			}
		}
		return h.Render(c, status, templates.NewLeague(h.Page(c, locales.T(c.Request().Context(), "leagues.create")), form))
	}
	if len(form.Errors) > 0 {
		return h.Render(c, http.StatusUnprocessableEntity, templates.NewLeague(h.Page(c, locales.T(c.Request().Context(), "leagues.create")), form))
	}
	l, err := h.Leagues.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.LeagueChanged(c, l.ID)
	h.Flash(c, locales.T(c.Request().Context(), "newleague.created", map[string]any{"Place": templates.OrdinalIn(locales.From(c.Request().Context()), l.Players)}))
	return c.Redirect(http.StatusSeeOther, summarise(l).URL())
}
