package pages

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// playerShared is what a page of a player's page reads from the database, before the
// viewer's hidden leagues are taken out: the same for every viewer, so cached as one part
// (web/httpx/cache_parts.go).
type playerShared struct {
	leagues []store.League
	ratings []store.PlayerRating
	history []store.RatingStep
	// games is the page's games and one more when there is an older page.
	games []store.PlayerGame
	// seasons are the seasons the player signed up for, with their division.
	seasons []store.PlayerSeason
	// private are the private leagues among those the page would name: the only ones a
	// viewer may be kept from (hiddenLeaguesOf), asked of the database on every view.
	private []int64
	// keys are what the page shows (store.CacheKey): the player's own pages, and the
	// history of every ladder they are rated on, which a correction's replay rewrites.
	keys []store.CacheKey
}

// readPlayerShared reads page of user id's player page from the database.
func (h *Handler) readPlayerShared(ctx context.Context, id int64, username string, page int) (playerShared, error) {
	var (
		p   playerShared
		err error
	)
	if p.leagues, err = h.Store.LeaguesOf(ctx, id); err != nil {
		return p, err
	}
	if p.ratings, err = h.Store.PlayerRatings(ctx, id); err != nil {
		return p, err
	}
	if p.seasons, err = h.Store.SeasonsOf(ctx, id); err != nil {
		return p, err
	}
	if p.history, err = h.Store.RatingHistory(ctx, id); err != nil {
		return p, err
	}
	// One more than a page tells whether there is an older page.
	if p.games, err = h.Store.PlayerGames(ctx, id, (page-1)*playerPageLength, playerPageLength+1); err != nil {
		return p, err
	}
	// Every league the page would name, judged one by one: a withdrawn or replaced
	// player's games and ledger lines are in leagues they no longer belong to.
	named := map[int64]bool{}
	var ids []int64
	name := func(id int64) {
		if !named[id] {
			named[id] = true
			ids = append(ids, id)
		}
	}
	for _, l := range p.leagues {
		name(l.ID)
	}
	for _, g := range p.games {
		name(g.LeagueID)
	}
	for _, s := range p.history {
		name(s.LeagueID)
	}
	p.private, err = h.Store.PrivateLeagues(ctx, ids)
	p.keys = []store.CacheKey{store.PlayerKey(username)}
	for _, r := range p.ratings {
		p.keys = append(p.keys, store.LadderHistoryKey(r.Game))
	}
	return p, err
}

// dateLayout is how pages show the day a game finished.
const dateLayout = "2 Jan 2006"

// playerPage shows a player: their rating on every ladder with its history chart and the
// "why" of each move (rating before, ante, award, delta), their leagues and their games.
func (h *Handler) playerPage(c echo.Context) error {
	ctx := c.Request().Context()
	// What the page reads is the same for every viewer; each viewer's private leagues are
	// taken out of it below (hiddenLeaguesOf), never in the cached parts.
	username := c.Param("username")
	u, err := httpx.Part(h.Cache, "player\x00"+username, func() (store.User, error) { return h.Store.UserByUsername(ctx, username) },
		store.PlayerKey(username))
	if err != nil {
		return err
	}
	page, err := pageNumber(c)
	if err != nil {
		return err
	}
	p, err := httpx.KeyedPart(h.Cache, httpx.PartKey("player page", u.ID)+"\x00"+strconv.Itoa(page), func() (playerShared, []store.CacheKey, error) {
		p, err := h.readPlayerShared(ctx, u.ID, u.Username, page)
		return p, p.keys, err
	})
	if err != nil {
		return err
	}
	hidden, err := h.hiddenLeaguesOf(c, p.private)
	if err != nil {
		return err
	}
	v := templates.PlayerView{Username: u.Username, DisplayName: u.DisplayName, MemberNote: memberNote(u.Username)}
	// The content is the same for every viewer kept from the same leagues: rendered once
	// until the next write, whatever the length of the player's history.
	key := httpx.PartKey("player content", u.ID) + "\x00" + strconv.Itoa(page)
	for _, id := range p.private {
		if hidden[id] {
			key += "\x00" + strconv.FormatInt(id, 10)
		}
	}
	// Built only when not kept: the view walks the player's whole history.
	content := templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return templates.PlayerContent(playerView(locales.From(ctx), u, page, p, hidden)).Render(ctx, w)
	})
	if v.Content, err = httpx.RenderedPart(ctx, h.Cache, key, content, p.keys...); err != nil {
		return err
	}
	// The page names its zone once when every date it shows is in one league's zone; kept
	// with the content, since working it out walks the same history.
	zone, err := httpx.Part(h.Cache, key+"\x00zone", func() (string, error) { return playerClock(p, hidden).named(), nil }, p.keys...)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.Player(h.Page(c, u.DisplayName).In(zone), v))
}

// playerView is page of u's player page from what it read, leagues hidden from the viewer
// left out.
func playerView(lang locales.Lang, u store.User, page int, p playerShared, hidden map[int64]bool) templates.PlayerView {
	leagues, ratings, history, games := p.leagues, p.ratings, p.history, p.pageGames()
	v := templates.PlayerView{Username: u.Username, DisplayName: u.DisplayName, MemberNote: memberNote(u.Username)}
	base := "/players/" + url.PathEscape(u.Username)
	if page > 1 {
		v.Newer = pageURL(base, page-1)
	}
	if len(p.games) > playerPageLength {
		v.Older = pageURL(base, page+1)
	}
	clock := playerClock(p, hidden)
	for _, l := range leagues {
		if hidden[l.ID] {
			continue
		}
		v.Leagues = append(v.Leagues, templates.PlayerLeague{ID: l.ID, Name: l.Name, GameName: gameName(l.Game),
			Status: l.Status, Organiser: l.OrganiserID == u.ID})
	}
	for _, s := range p.seasons {
		sum := summariseSeason(s.Season)
		sum.Division = s.Division
		v.Seasons = append(v.Seasons, sum)
	}
	for _, r := range ratings {
		pl := templates.PlayerLadder{Slug: r.Game, Name: gameName(r.Game), Rating: showMicrosIn(lang, r.Rating), Games: r.Games,
			Provisional: r.Provisional()}
		var values []templates.ChartValue
		for _, s := range history {
			if s.Ladder != r.Game || hidden[s.LeagueID] {
				continue
			}
			label := leagueLabelIn(lang, s.LeagueName)
			step := templates.RatingStepView{GameID: s.GameID, GameNumber: s.GameNumber, LeagueName: label,
				Date: clock.showDate(lang, s.FinishedAt, s.TimeZone), Before: showMicrosIn(lang, s.Before), Ante: showMicrosIn(lang, s.Ante),
				Award: showMicrosIn(lang, s.Award), Delta: signedMicrosIn(lang, s.Delta), After: showMicrosIn(lang, s.After), Trend: trend(int64(s.Delta)),
				PotNote: potNoteIn(lang, scoring.System(s.System), s.Seats, s.Pot)}
			switch {
			case s.Credited == u.Username && s.Player != u.Username:
				step.Note = lang.T("player.note.finished_for", map[string]any{"Player": s.Player})
			case s.Player == u.Username && s.Credited != u.Username:
				step.Note = lang.T("player.note.took_gain", map[string]any{"Player": s.Credited})
				step.Before, step.After, step.Delta, step.Trend = "", "", "—", "flat"
			case s.Substitute != "":
				step.Note = lang.T("player.note.substitute", map[string]any{"Player": s.Substitute})
			}
			pl.Steps = append(pl.Steps, step)
			if s.Credited == u.Username {
				values = append(values, templates.ChartValue{Micros: int64(s.After),
					Title: fmt.Sprintf("%s #%d: %s (%s)", label, s.GameNumber, exactIn(lang, s.After.String()), signedMicrosIn(lang, s.Delta))})
			}
		}
		// The table of moves is paged like the games, newest first: page 1 holds the
		// latest playerPageLength moves (in ladder order), page 2 the ones before.
		end := max(len(pl.Steps)-(page-1)*playerPageLength, 0)
		if end > playerPageLength {
			v.Older = pageURL(base, page+1)
		}
		pl.Steps = pl.Steps[max(end-playerPageLength, 0):end]
		pl.Chart = templates.NewChartIn(lang, lang.N("player.chart_label", len(values), map[string]any{"Game": pl.Name, "Player": templates.PersonName(u.Username)}), values)
		v.Ladders = append(v.Ladders, pl)
	}
	for _, g := range games {
		if hidden[g.LeagueID] {
			continue
		}
		pg := templates.PlayerGame{GameID: g.GameID, Number: g.Number, LeagueID: g.LeagueID, LeagueName: leagueLabelIn(lang, g.LeagueName),
			GameName: gameName(g.Game), Status: g.Status, Place: g.Place, Winner: g.Winner, Seat: seatNameIn(lang, g)}
		if g.Points != nil {
			pg.Points = scoring.Mixed(g.Points)
		}
		if g.FinishedAt != nil {
			pg.Date = clock.showDate(lang, *g.FinishedAt, g.TimeZone)
		}
		v.Games = append(v.Games, pg)
	}
	return v
}

// playerClock is a player's page's clock: the zones of the leagues of the dated games it
// shows (a normal game's is UTC), so a page across leagues in several zones gives each
// date its zone.
func playerClock(p playerShared, hidden map[int64]bool) pageClock {
	var zones []string
	for _, s := range p.history {
		if !hidden[s.LeagueID] {
			zones = append(zones, s.TimeZone)
		}
	}
	for _, g := range p.pageGames() {
		if !hidden[g.LeagueID] && g.FinishedAt != nil {
			zones = append(zones, g.TimeZone)
		}
	}
	return clockFor(zones...)
}

// pageGames are the games the page lists: it reads one more than a page, to know whether
// an older page follows.
func (p playerShared) pageGames() []store.PlayerGame {
	return p.games[:min(len(p.games), playerPageLength)]
}

// playerPageLength is how many games, and how many rating moves of each ladder, one page
// of a player's page lists: a player with thousands of games gets pages, not one page of
// everything.
const playerPageLength = 50

// pageNumber reads the ?page= query parameter: 1 when absent, else a whole number from 1.
func pageNumber(c echo.Context) (int, error) {
	raw := c.QueryParam("page")
	if raw == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || strconv.Itoa(n) != raw {
		return 0, echo.NewHTTPError(http.StatusBadRequest, "page: must be a whole number from 1")
	}
	return n, nil
}

// pageURL is page n of the paged page at base.
func pageURL(base string, n int) string {
	if n == 1 {
		return base
	}
	return base + "?page=" + strconv.Itoa(n)
}

// memberNote explains a ladder member who never logs in, on its page.
func memberNote(username string) string {
	switch kind := store.LadderMemberKind(username); {
	case kind == store.SeventhPlayer:
		return "Not a person: the ladder's Seventh Player. When only six players come to a Diplomacy game, one power " +
			"is played by the missing-man rules (ARMADA rule 4.1); for rating, this \"Seventh Player\" is a member " +
			"who antes into the pot and takes the power's award, so the absent player's rating does not move."
	case store.IsSupercatBot(username):
		return "Not a person: a SUPERCAT bot, the solo Arcs opponent of supercat-solo-arcs-bot.txt. Solo games " +
			"against it are rated like any other, so a player's solo results move their Arcs rating. It never logs in."
	}
	return ""
}

// seatName is the player's seat in a game as its game names it: a Diplomacy power, a
// Vortex corner, a team game's side, otherwise "Seat n".
func seatName(g store.PlayerGame) string {
	game, err := scoring.GameBySlug(g.Game)
	if err != nil {
		return fmt.Sprintf("Seat %d", g.Position)
	}
	names := game.SeatNames(g.SeatCount)
	if g.Position < 1 || g.Position > len(names) {
		return fmt.Sprintf("Seat %d", g.Position)
	}
	return names[g.Position-1]
}

// leagueLabel is a game's league as the player page names it: a normal game has none.
func leagueLabel(name string) string {
	if name == "" {
		return "Normal game"
	}
	return name
}
