package league

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // every time zone a league may name, whatever the host has

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/text"
)

// The checks of what an organiser types to create or edit a league, a season or a table:
// one rule for the pages and the API alike, each field's problem said in the reader's
// language where the form shows it (locales.Default() for the API).

// Who enters a game's results (CONTRACT section 8): the league's (or normal game's) setting.
const (
	// ResultsByOrganisers lets only the organiser and co-organisers enter results.
	ResultsByOrganisers = "organisers"
	// ResultsByPlayers lets a seated player propose the result, which the table confirms;
	// the organisers still record, correct and override. The default of new leagues.
	ResultsByPlayers = "players"
)

// The confirmation window: how long the table has to confirm or dispute a proposal.
const (
	// DefaultConfirmHours is the window of a league that does not choose one.
	DefaultConfirmHours = 48
	// MaxConfirmHours is the longest window (two weeks).
	MaxConfirmHours = 336
)

// Field limits of a league, matching the CHECK constraints of migrations 00002 and 00008.
const (
	// maxPlayersPerGame is the most seats a game has (a seat's position is 1..8).
	maxPlayersPerGame    = 8
	leagueNameMax        = 80
	leagueEditionMax     = 80
	leagueDescriptionMax = 2000
	leagueVenueMax       = 200
	minRecentGamesMax    = 1000
	recentDaysMax        = 3650
	// seasonNameMax leaves room in a league's 80 characters for " — Division 32", the
	// suffix of each division's league (DivisionName).
	seasonNameMax = 60
	// gamePlaceMax is the longest place of a game, matching migration 00008's CHECK.
	gamePlaceMax = 200
)

// Messages of a wrong results setting.
const (
	ResultsByProblem    = `must be "organisers" (only the organisers enter results) or "players" (players report, the table confirms)`
	ConfirmHoursProblem = "must be a whole number of hours from 1 to 336 (two weeks)"
)

// ResultsSetting is who enters results and the confirmation window as the API takes them
// (CONTRACT section 8): on a league's creation and edit, and on a normal game's creation.
type ResultsSetting struct {
	ResultsBy    *string `json:"results_by"`
	ConfirmHours *int    `json:"confirm_hours"`
}

// Values returns the setting given ("" and 0 where not given: the defaults, or no change)
// and adds a message per wrong field to problems.
func (r ResultsSetting) Values(problems map[string]string) (string, int) {
	var by string
	var hours int
	if r.ResultsBy != nil {
		if by = *r.ResultsBy; by == "" {
			problems["results_by"] = ResultsByProblem
		}
	}
	if r.ConfirmHours != nil {
		if hours = *r.ConfirmHours; hours == 0 {
			problems["confirm_hours"] = ConfirmHoursProblem
		}
	}
	CheckResultsSetting(by, hours, problems)
	return by, hours
}

// CheckResultsSetting adds a message per wrong field of a results setting to problems; ""
// and 0 stand for the defaults.
func CheckResultsSetting(resultsBy string, hours int, problems map[string]string) {
	if resultsBy != "" && resultsBy != ResultsByOrganisers && resultsBy != ResultsByPlayers {
		problems["results_by"] = ResultsByProblem
	}
	if hours != 0 && (hours < 1 || hours > MaxConfirmHours) {
		problems["confirm_hours"] = ConfirmHoursProblem
	}
}

// Setup is a league's creation as the organiser types it: what CheckSetup judges.
type Setup struct {
	Name, Game, Version, Edition string
	PlayersPerGame               int
	// Players is the league's size N and GamesPerPlayer the games each (0: the
	// scheduler's default); the caller sets the size (DefaultSize when none is asked).
	Players, GamesPerPlayer    int
	MinRecentGames, RecentDays int
	ResultsBy                  string
	ConfirmHours               int
}

// CheckSetup normalises a league's creation (trimmed text, the version's slug) and adds
// one message per wrong field to problems, said in l. The game must be in the registry, the
// version one of the game's (CONTRACT section 9; none is the default), players per game
// within the version's range (scoring.Version.AcceptsPlayers), and the league's size and
// games per player what Format.Check accepts (CONTRACT section 10).
func CheckSetup(l locales.Lang, in *Setup, problems map[string]string) {
	in.Name = text.Name(in.Name)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := text.Problem(l, in.Name, leagueNameMax, true); msg != "" {
		problems["name"] = msg
	}
	game, version := checkGameVersion(l, in.Game, &in.Version, problems)
	if msg := text.Problem(l, in.Edition, leagueEditionMax, false); msg != "" {
		problems["edition"] = msg
	}
	if _, bad := problems["players_per_game"]; !bad {
		switch {
		case in.PlayersPerGame == 0:
			problems["players_per_game"] = l.T("newleague.per_game_required")
		case in.PlayersPerGame < 2 || in.PlayersPerGame > maxPlayersPerGame:
			problems["players_per_game"] = l.T("newleague.per_game_range")
		case version != nil:
			if perr := version.AcceptsPlayers(game, in.PlayersPerGame); perr != nil {
				problems["players_per_game"] = scoring.Problem(perr)
			}
		case game.Slug != "":
			if perr := game.AcceptsPlayers(in.PlayersPerGame); perr != nil {
				problems["players_per_game"] = scoring.Problem(perr)
			}
		}
	}
	if _, bad := problems["players_per_game"]; !bad {
		// A 0 sent is refused rather than taken for the default size.
		f := Format{Players: in.Players, PlayersPerGame: in.PlayersPerGame, GamesPerPlayer: in.GamesPerPlayer}
		if field, problem := f.Check(); field != "" {
			problems[field] = problem
		}
	}
	if _, bad := problems["min_recent_games"]; !bad && (in.MinRecentGames < 0 || in.MinRecentGames > minRecentGamesMax) {
		problems["min_recent_games"] = l.T("newleague.min_recent_range")
	}
	if _, bad := problems["recent_days"]; !bad && (in.RecentDays < 1 || in.RecentDays > recentDaysMax) {
		problems["recent_days"] = l.T("newleague.recent_days_range")
	}
	CheckResultsSetting(in.ResultsBy, in.ConfirmHours, problems)
}

// checkGameVersion checks a game slug and a version slug of it (CONTRACT section 9: "an
// unknown version is 422 naming version"), adding a message on "game" or "version" to
// problems; an empty version becomes the game's default. The game is the zero Game when
// unknown, the version nil when either is.
func checkGameVersion(l locales.Lang, slug string, version *string, problems map[string]string) (scoring.Game, *scoring.Version) {
	*version = strings.TrimSpace(*version)
	game, err := scoring.GameBySlug(slug)
	if slug == "" {
		problems["game"] = l.T("newleague.game_required", map[string]any{"Games": gameSlugs()})
		return scoring.Game{}, nil
	} else if err != nil {
		problems["game"] = scoring.Problem(err)
		return scoring.Game{}, nil
	}
	v, err := game.Version(*version)
	if err != nil {
		problems["version"] = scoring.Problem(err)
		return game, nil
	}
	*version = v.Slug
	return game, &v
}

// gameSlugs lists the registry's slugs, for error messages.
func gameSlugs() string {
	var slugs []string
	for _, g := range scoring.Games() {
		slugs = append(slugs, g.Slug)
	}
	return strings.Join(slugs, ", ")
}

// SeasonFields are a season's fields in the order the form shows them and the API reports
// the first wrong one.
var SeasonFields = []string{"name", "game", "version", "players_per_game", "division_size", "promote",
	"face_to_face", "results_by", "confirm_hours"}

// SeasonSetup is a season's creation as the organiser types it: what CheckSeasonSetup judges.
type SeasonSetup struct {
	Name, Game, Version          string
	PlayersPerGame, DivisionSize int
	Promote                      int
	ResultsBy                    string
	ConfirmHours                 int
}

// CheckSeasonSetup normalises a season's creation and adds one message per wrong field to
// problems: its name, game, version, players per game and results setting as a league's
// (CheckSetup, one rule for both), and its division size and promotions as SeasonProblems
// says.
func CheckSeasonSetup(l locales.Lang, in *SeasonSetup, problems map[string]string) {
	// The divisions' sizes are the season's own rule (SeasonProblems, then Split at the
	// start): the league rule sees a size any game of the season fits.
	asLeague := Setup{Name: in.Name, Game: in.Game, Version: in.Version, PlayersPerGame: in.PlayersPerGame,
		Players: max(DefaultSize, in.PlayersPerGame), RecentDays: DefaultRecentDays,
		ResultsBy: in.ResultsBy, ConfirmHours: in.ConfirmHours}
	CheckSetup(l, &asLeague, problems)
	delete(problems, "players")
	delete(problems, "games_per_player")
	in.Name, in.Version = asLeague.Name, asLeague.Version
	if msg := text.Problem(l, in.Name, seasonNameMax, true); msg != "" {
		problems["name"] = msg
	}
	for field, msg := range SeasonProblems(in.PlayersPerGame, in.DivisionSize, in.Promote) {
		problems[field] = msg
	}
}

// SeasonNameProblem is what is wrong with a season's name, trimmed ("" when nothing is), in English.
func SeasonNameProblem(name string) string {
	return text.Problem(locales.Default(), name, seasonNameMax, true)
}

// FirstSeasonProblem renders the first wrong field of a season as "field: message", for the API.
func FirstSeasonProblem(problems map[string]string) string {
	for _, f := range SeasonFields {
		if msg, ok := problems[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// EditInput is an edit of a league as the API and the form send it; absent fields stay as
// they are.
type EditInput struct {
	Name           *string `json:"name"`
	Description    *string `json:"description"`
	Venue          *string `json:"venue"`
	TimeZone       *string `json:"time_zone"`
	Game           *string `json:"game"`
	PlayersPerGame *int    `json:"players_per_game"`
	Players        *int    `json:"players"`
	GamesPerPlayer *int    `json:"games_per_player"`
	FaceToFace     *bool   `json:"face_to_face"`
	Version        *string `json:"version"`
	Edition        *string `json:"edition"`
	// MinRecentGames and RecentDays are the activity rule, changed only while open.
	MinRecentGames *int `json:"min_recent_games"`
	RecentDays     *int `json:"recent_days"`
	ResultsSetting
}

// Settings are a league's editable fields as they stand, which an edit is checked against.
type Settings struct {
	Name, Description, Venue, TimeZone string
	Game, Version, Edition             string
	Format                             Format
}

// Edit is a checked edit of a league: the fields that change (nil: unchanged). Its fields
// are store.LeagueEdit's, in their order, so one converts to the other.
type Edit struct {
	Name           *string
	Description    *string
	Venue          *string
	TimeZone       *string
	Game           *string
	PlayersPerGame *int
	Players        *int
	GamesPerPlayer *int
	FaceToFace     *bool
	Version        *string
	Edition        *string
	ResultsBy      *string
	ConfirmHours   *int
	MinRecentGames *int
	RecentDays     *int
}

// CheckEdit normalises an edit of the league standing as cur (trimmed text) and returns it
// with one message per wrong field. Players per game is checked against the game the league
// will play after the edit.
func CheckEdit(cur Settings, in EditInput) (Edit, map[string]string) {
	problems := map[string]string{}
	en := locales.Default()
	// A description may have several lines; the other texts are one line.
	lineBreaks := strings.NewReplacer("\r\n", " ", "\n", " ")
	typed := func(field string, v *string, maxLen int, required bool) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
		if field == "name" {
			s = text.Name(s)
		}
		checked := s
		if field == "description" {
			checked = lineBreaks.Replace(s)
		}
		if msg := text.Problem(en, checked, maxLen, required); msg != "" {
			problems[field] = msg
		}
		return &s
	}
	e := Edit{
		Name:        typed("name", in.Name, leagueNameMax, true),
		Description: typed("description", in.Description, leagueDescriptionMax, false),
		Venue:       typed("venue", in.Venue, leagueVenueMax, false),
		Edition:     typed("edition", in.Edition, leagueEditionMax, false),
		FaceToFace:  in.FaceToFace,
	}
	if in.ResultsBy != nil || in.ConfirmHours != nil {
		by, hours := in.ResultsSetting.Values(problems)
		if in.ResultsBy != nil {
			e.ResultsBy = &by
		}
		if in.ConfirmHours != nil {
			e.ConfirmHours = &hours
		}
	}
	if in.MinRecentGames != nil {
		if *in.MinRecentGames < 0 || *in.MinRecentGames > minRecentGamesMax {
			problems["min_recent_games"] = "must be between 0 and 1000"
		}
		e.MinRecentGames = in.MinRecentGames
	}
	if in.RecentDays != nil {
		if *in.RecentDays < 1 || *in.RecentDays > recentDaysMax {
			problems["recent_days"] = "must be between 1 and 3650 days"
		}
		e.RecentDays = in.RecentDays
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(tz); err != nil || tz == "" || tz == "Local" {
			problems["time_zone"] = "not a time zone name; use one like Europe/Paris or America/New_York"
		}
		e.TimeZone = &tz
	}
	slug := cur.Game
	if in.Game != nil {
		slug = *in.Game
		e.Game = in.Game
	}
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		problems["game"] = scoring.Problem(err)
	}
	// The version: the one given, else the new game's default when the game changes, else
	// the league's (CONTRACT section 9).
	version := cur.Version
	switch {
	case in.Version != nil:
		version = strings.TrimSpace(*in.Version)
	case in.Game != nil:
		version = ""
	}
	var v scoring.Version
	if err == nil {
		if v, err = game.Version(version); err != nil {
			problems["version"] = scoring.Problem(err)
		} else if in.Version != nil || in.Game != nil {
			e.Version = &v.Slug
		}
	}
	if in.PlayersPerGame != nil || in.Version != nil || (in.Game != nil && err == nil) {
		size := cur.Format.PlayersPerGame
		if in.PlayersPerGame != nil {
			size = *in.PlayersPerGame
			e.PlayersPerGame = in.PlayersPerGame
		}
		switch {
		case size < 2 || size > maxPlayersPerGame:
			problems["players_per_game"] = "must be between 2 and 8"
		case err == nil:
			if perr := v.AcceptsPlayers(game, size); perr != nil {
				problems["players_per_game"] = scoring.Problem(perr)
			}
		}
	}
	// The size and games each, as they will stand after the edit (CONTRACT section 10):
	// checked whenever the edit touches what they depend on.
	if in.Players != nil || in.GamesPerPlayer != nil || e.PlayersPerGame != nil {
		f := cur.Format
		if in.Players != nil {
			f.Players = *in.Players
			e.Players = in.Players
		}
		if in.GamesPerPlayer != nil {
			f.GamesPerPlayer = *in.GamesPerPlayer
			e.GamesPerPlayer = in.GamesPerPlayer
			if *in.GamesPerPlayer <= 0 {
				problems["games_per_player"] = fmt.Sprintf("must be positive, got %d", *in.GamesPerPlayer)
			}
		}
		if e.PlayersPerGame != nil {
			f.PlayersPerGame = *e.PlayersPerGame
		}
		if _, bad := problems["players_per_game"]; !bad {
			if field, problem := f.Check(); field != "" {
				if _, seen := problems[field]; !seen {
					problems[field] = problem
				}
			}
		}
	}
	// The history names only the fields that changed (issue #34): a form sends every text
	// field, changed or not.
	unchanged := func(v *string, current string) *string {
		if v != nil && *v == current {
			return nil
		}
		return v
	}
	e.Name, e.Description, e.Venue = unchanged(e.Name, cur.Name), unchanged(e.Description, cur.Description), unchanged(e.Venue, cur.Venue)
	e.TimeZone, e.Edition = unchanged(e.TimeZone, cur.TimeZone), unchanged(e.Edition, cur.Edition)
	return e, problems
}

// TableSetup is a normal game's table as its opener types it: what CheckTable judges.
type TableSetup struct {
	Game, Version, Edition string
	Seats                  int
	// Bots are the SUPERCAT bots to seat, by difficulty ("normal", "hard").
	Bots         []string
	ResultsBy    string
	ConfirmHours int
}

// CheckTable normalises a table to open (the version's slug, trimmed edition) and adds one
// message per wrong field to problems: a game of the registry, a version of it (none is the
// default; CONTRACT section 9) and 2..8 seats within the version's range ("anyone signed in
// opens a table for a game of the registry with 2..8 seats (within the game's range)").
func CheckTable(in *TableSetup, problems map[string]string) {
	CheckResultsSetting(in.ResultsBy, in.ConfirmHours, problems)
	en := locales.Default()
	game, version := checkGameVersion(en, in.Game, &in.Version, problems)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := text.Problem(en, in.Edition, leagueEditionMax, false); msg != "" {
		problems["edition"] = msg
	}
	if _, bad := problems["seats"]; bad {
		return
	}
	switch {
	case in.Seats == 0:
		problems["seats"] = "required (2 to 8)"
	case in.Seats < 2 || in.Seats > 8:
		problems["seats"] = "must be between 2 and 8"
	case version != nil:
		if err := version.AcceptsPlayers(game, in.Seats); err != nil {
			problems["seats"] = strings.Replace(scoring.Problem(err), "players per game", "players", 1)
		}
	case game.Slug != "":
		if err := game.AcceptsPlayers(in.Seats); err != nil {
			problems["seats"] = strings.Replace(scoring.Problem(err), "players per game", "players", 1)
		}
	}
	checkBots(*in, problems)
}

// BotDifficulties are the SUPERCAT bots a table may seat (supercat-solo-arcs-bot.txt).
var BotDifficulties = []string{"normal", "hard"}

// checkBots checks a table's SUPERCAT bots (supercat-solo-arcs-bot.txt): Arcs only, each
// "normal" or "hard", one of each difficulty at most (each is one member of the Arcs
// ladder), and at least one seat left for a person.
func checkBots(in TableSetup, problems map[string]string) {
	if len(in.Bots) == 0 {
		return
	}
	seen := map[string]bool{}
	for i, b := range in.Bots {
		if b != "normal" && b != "hard" {
			problems["bots"] = fmt.Sprintf("bots[%d]: must be \"normal\" or \"hard\", got %q", i, b)
			return
		}
		if seen[b] {
			problems["bots"] = "at most one SUPERCAT bot of each difficulty (normal, hard) at a table"
			return
		}
		seen[b] = true
	}
	switch {
	case in.Game != "arcs":
		problems["bots"] = "only Arcs has a bot to play against: SUPERCAT, the solo Arcs bot"
	case in.Seats > 0 && len(in.Bots) >= in.Seats:
		problems["bots"] = fmt.Sprintf("%d bots leave no seat for a person at a table of %d", len(in.Bots), in.Seats)
	}
}

// LocalDateTime is how a date is typed in a form (an <input type="datetime-local">) and
// may be sent to the API: wall-clock time in the league's time zone.
const LocalDateTime = "2006-01-02T15:04"

// ParseWhen reads a date as RFC 3339 (an instant) or as local date-time in the league's
// zone; a date it cannot read is an *Invalid naming field.
func ParseWhen(field, s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(LocalDateTime, s, loc); err == nil {
		return t, nil
	}
	return time.Time{}, &Invalid{Reason: field +
		": must be a date and time such as 2026-12-01T19:00:00+01:00 (RFC 3339) or 2026-12-01T19:00 in the league's time zone",
		ID: "refusal.when", Data: map[string]any{"Field": field}}
}

// ZoneOf is the time zone named (a league's): UTC when the name is empty or unknown to Go.
func ZoneOf(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// PlaceProblem checks a game's place like the league's free-text fields: an *Invalid
// naming place, or nil.
func PlaceProblem(place string) error {
	en := locales.Default()
	msg := text.Problem(en, place, gamePlaceMax, false)
	if msg == "" {
		return nil
	}
	// The problem's words, found again as text.Problem says them in English.
	kinds := []struct {
		id   string
		data map[string]any
	}{
		{"control", nil}, {"invisible", nil}, {"blank_looking", nil},
		{"too_long", map[string]any{"Max": gamePlaceMax}},
		{"mixed_script", map[string]any{"Word": strconv.Quote(text.MixedScriptWord(place))}},
	}
	for _, k := range kinds {
		if msg == en.T("field."+k.id, k.data) {
			return &Invalid{Reason: "place: " + msg, ID: "refusal.place_" + k.id, Data: k.data}
		}
	}
	return &Invalid{Reason: "place: " + msg}
}

// Rhythm checks a rhythm as typed, in the league's zone loc: the first round's date and the
// days between rounds (1 to 365). A wrong field is an *Invalid naming it.
func Rhythm(loc *time.Location, firstRound, everyDays string) (time.Time, int, error) {
	if strings.TrimSpace(firstRound) == "" {
		return time.Time{}, 0, &Invalid{Reason: "first_round: required", ID: "refusal.first_round_required"}
	}
	first, err := ParseWhen("first_round", firstRound, loc)
	if err != nil {
		return time.Time{}, 0, err
	}
	every, err := strconv.Atoi(strings.TrimSpace(everyDays))
	if err != nil || every < 1 || every > 365 {
		return time.Time{}, 0, &Invalid{Reason: "every_days: must be a whole number of days from 1 to 365", ID: "refusal.every_days"}
	}
	return first.In(loc), every, nil
}
