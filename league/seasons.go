package league

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
)

// A season (CONTRACT section 10, issue #36) is a club's round of leagues: the players who
// sign up are split into divisions of about DivisionSize players, each division a league of
// its own, and when every division has finished the top of each goes up one and the bottom
// goes down one for the next season. These are its rules; the seasons service (package
// service) owns the transactions that apply them.

// Season settings and their defaults (CONTRACT section 10).
const (
	// DefaultDivisionSize is a season's division size when none is given: the seed's
	// league of 8 players.
	DefaultDivisionSize = 8
	// DefaultPromote is how many go up and down between two divisions by default.
	DefaultPromote = 2
	// MaxDivisionSize is the most players a division's league may have (MaxSize).
	MaxDivisionSize = MaxSize
)

// Season statuses: open for sign-up, running once its divisions are drawn, finished when
// every division's league is.
const (
	// SeasonOpen is a season taking sign-ups.
	SeasonOpen = "open"
	// SeasonRunning is a season whose divisions are playing.
	SeasonRunning = "running"
	// SeasonFinished is a season whose every division has finished.
	SeasonFinished = "finished"
)

// Refusals of a season's sign-up. Each is a *Conflict.
var (
	// ErrSignedUp refuses a player who is signed up already.
	ErrSignedUp = &Conflict{Reason: "season: you are signed up already", ID: "refusal.signed_up"}
	// ErrSeasonStarted refuses a sign-up, a withdrawal or a start once the divisions exist.
	ErrSeasonStarted = &Conflict{Reason: "season: started; its divisions are drawn", ID: "refusal.season_started"}
	// ErrNotSignedUp refuses the withdrawal of a player who is not signed up.
	ErrNotSignedUp = &Conflict{Reason: "season: you are not signed up", ID: "refusal.not_signed_up"}
)

// MinDivision is the fewest players a division's league may have for perGame players a
// game: a league's MinSize, and never fewer than a game's table.
func MinDivision(perGame int) int { return max(MinSize, perGame) }

// SeasonProblems checks a season's settings, every field at once, and returns a message per
// wrong field (none when all is well): a division of divisionSize players must hold a game
// of perGame (MinDivision) and at most MaxDivisionSize, and promote players going up and as
// many going down must be under half a division, so that nobody is both.
func SeasonProblems(perGame, divisionSize, promote int) map[string]string {
	problems := map[string]string{}
	if least := MinDivision(perGame); divisionSize < least || divisionSize > MaxDivisionSize {
		problems["division_size"] = fmt.Sprintf("from %d (max(3, players_per_game)) to %d", least, MaxDivisionSize)
	}
	if promote < 0 {
		problems["promote"] = "0 or more"
	} else if 2*promote >= divisionSize {
		problems["promote"] = fmt.Sprintf("must be under half a division (%d of %d)", promote, divisionSize)
	}
	return problems
}

// CheckSeason is SeasonProblems as a refusal: an *Invalid naming each wrong field, in the
// order division_size, promote.
func CheckSeason(perGame, divisionSize, promote int) error {
	problems := SeasonProblems(perGame, divisionSize, promote)
	var reasons []string
	for _, f := range []string{"division_size", "promote"} {
		if msg, ok := problems[f]; ok {
			reasons = append(reasons, f+": "+msg)
		}
	}
	if len(reasons) == 0 {
		return nil
	}
	_, sizeWrong := problems["division_size"]
	_, promoteWrong := problems["promote"]
	return &Invalid{Reason: strings.Join(reasons, "; "), ID: "refusal.season_settings", Data: map[string]any{
		"SizeWrong": sizeWrong, "Least": MinDivision(perGame), "Most": MaxDivisionSize,
		"Negative": promoteWrong && promote < 0, "Half": promoteWrong && promote >= 0, "Promote": promote, "Size": divisionSize,
	}}
}

// DivisionSizes is how players signed-up players are split for divisionSize: D =
// max(1, round-half-up(players / divisionSize)) divisions whose sizes differ by at most one,
// the larger on top (CONTRACT section 10). Division 1, the top, is first.
func DivisionSizes(players, divisionSize int) []int {
	d := max(1, (2*players+divisionSize)/(2*divisionSize))
	sizes := make([]int, d)
	for i := range sizes {
		sizes[i] = players / d
		if i < players%d {
			sizes[i]++
		}
	}
	return sizes
}

// CheckDivisions refuses a split whose divisions a league cannot hold: fewer than
// MinDivision(perGame) players or more than MaxDivisionSize (an *Invalid naming signed_up).
func CheckDivisions(sizes []int, perGame int) error {
	players := 0
	for _, n := range sizes {
		players += n
	}
	shape := fmt.Sprintf("%d %s make %s", players, scoring.Plural(players, "player", "players"), DivisionShape(sizes))
	data := map[string]any{"Players": players, "Divisions": len(sizes), "Top": sizes[0], "Bottom": sizes[len(sizes)-1]}
	if least := MinDivision(perGame); sizes[len(sizes)-1] < least {
		data["Least"] = least
		return &Invalid{Reason: fmt.Sprintf("signed_up: %s; a division needs at least %d players", shape, least), ID: "refusal.divisions_small", Data: data}
	}
	if sizes[0] > MaxDivisionSize {
		data["Most"] = MaxDivisionSize
		return &Invalid{Reason: fmt.Sprintf("signed_up: %s; a division holds at most %d players", shape, MaxDivisionSize), ID: "refusal.divisions_large", Data: data}
	}
	return nil
}

// DivisionShape says in words what sizes are: "2 divisions of 6", "2 divisions of 7 and 6",
// "1 division of 5".
func DivisionShape(sizes []int) string {
	d := len(sizes)
	if sizes[0] == sizes[d-1] {
		return fmt.Sprintf("%d %s of %d", d, scoring.Plural(d, "division", "divisions"), sizes[0])
	}
	return fmt.Sprintf("%d divisions of %d and %d", d, sizes[0], sizes[d-1])
}

// DivisionName is the name of a season's division d's league: "<season> — Division d".
func DivisionName(season string, d int) string {
	return fmt.Sprintf("%s — Division %d", season, d)
}

// Ladder is where a player stands on the game's ladder: Rated, and Rating in millionths.
// An unrated player comes after every rated one.
type Ladder struct {
	Rated  bool
	Rating int64
}

// higher orders two ladder lines best first: rated before unrated, higher rating first.
func (a Ladder) higher(b Ladder) int {
	if a.Rated != b.Rated {
		if a.Rated {
			return -1
		}
		return 1
	}
	return cmp.Compare(b.Rating, a.Rating)
}

// Finisher is one player of a finished division, for the movements: their rank in the
// division league's standings, their ladder line and when they signed up (SignedUp, smaller
// is earlier), which break a tie at the line.
type Finisher struct {
	Player   string
	Rank     int
	Ladder   Ladder
	SignedUp int
}

// Movement is where a finished season sends a player: From their division to To (1 is the
// top), and Place, their place in From once ties are broken (1 is the best), which the next
// season's placement reads.
type Movement struct {
	Player   string
	From, To int
	Place    int
}

// Up reports a player going up a division.
func (m Movement) Up() bool { return m.To < m.From }

// Down reports a player going down a division.
func (m Movement) Down() bool { return m.To > m.From }

// Movements is what a finished season's divisions (division 1 first, each its league's
// players) give every player (CONTRACT section 10): "the top promote of each division but
// the first go up one, the bottom promote of each division but the last go down one, by the
// league's standings (a tie at the line goes to the higher rating on the game's ladder,
// then the earlier sign-up)". A division too small for both (promote at least half of it,
// which only a rounded-down division can be) sends its middle player up rather than down.
// The movements come division by division, each in its final order.
func Movements(divisions [][]Finisher, promote int) []Movement {
	var out []Movement
	last := len(divisions) - 1
	for d, fs := range divisions {
		fs = slices.Clone(fs)
		slices.SortStableFunc(fs, func(a, b Finisher) int {
			return cmp.Or(cmp.Compare(a.Rank, b.Rank), a.Ladder.higher(b.Ladder), cmp.Compare(a.SignedUp, b.SignedUp))
		})
		up, down := promote, promote
		if d == 0 {
			up = 0
		}
		if d == last {
			down = 0
		}
		for i, f := range fs {
			to := d + 1
			switch {
			case i < up:
				to = d
			case i >= len(fs)-down:
				to = d + 2
			}
			out = append(out, Movement{Player: f.Player, From: d + 1, To: to, Place: i + 1})
		}
	}
	return out
}

// Entrant is one player signed up for a season, in sign-up order: their ladder line and,
// for a player of the previous season, their movement in it (nil for a newcomer).
type Entrant struct {
	Player string
	Ladder Ladder
	Last   *Movement
}

// Split places a starting season's entrants (in sign-up order) in its divisions
// (CONTRACT section 10), division 1 first, each in the order of its league's slots:
//
//   - there are DivisionSizes(len(entrants), divisionSize) divisions, each from
//     MinDivision(perGame) to MaxDivisionSize players (CheckDivisions);
//   - a player of the previous season goes to the division its movements give them (the
//     bottom one where the season has fewer divisions than the last);
//   - where that leaves a division more players than its size, its lowest-placed go down one
//     more; where fewer, it takes the best-placed of the division below who were not sent
//     down, by last season's standings (Placed), unless that division's players cannot fit
//     below otherwise;
//   - newcomers fill what is left from the top, by rating on the game's ladder, highest
//     first, unrated last in sign-up order.
//
// A division's returning players come first, best placed first, then its newcomers.
func Split(entrants []Entrant, divisionSize, perGame int) ([][]string, error) {
	sizes := DivisionSizes(len(entrants), divisionSize)
	if err := CheckDivisions(sizes, perGame); err != nil {
		return nil, err
	}
	divs := make([][]Entrant, len(sizes))
	var newcomers []Entrant
	sentDown := map[string]bool{}
	for _, e := range entrants {
		if e.Last == nil {
			newcomers = append(newcomers, e)
			continue
		}
		d := min(max(e.Last.To, 1), len(sizes)) - 1
		divs[d] = append(divs[d], e)
		sentDown[e.Player] = e.Last.Down()
	}
	for d := range len(sizes) - 1 {
		slices.SortStableFunc(divs[d], Placed)
		for len(divs[d]) > sizes[d] {
			e := divs[d][len(divs[d])-1]
			divs[d] = divs[d][:len(divs[d])-1]
			divs[d+1] = append(divs[d+1], e)
			sentDown[e.Player] = true
		}
		for len(divs[d]) < sizes[d] {
			below := divs[d+1]
			i := slices.IndexFunc(sortedBy(below), func(e Entrant) bool { return !sentDown[e.Player] })
			if i < 0 && overflows(divs[d+1:], sizes[d+1:]) {
				i = 0
			}
			if i < 0 {
				break
			}
			e := sortedBy(below)[i]
			divs[d+1] = slices.DeleteFunc(below, func(b Entrant) bool { return b.Player == e.Player })
			divs[d] = append(divs[d], e)
		}
	}
	slices.SortStableFunc(newcomers, func(a, b Entrant) int { return a.Ladder.higher(b.Ladder) })
	out := make([][]string, len(sizes))
	for d, es := range divs {
		slices.SortStableFunc(es, Placed)
		for _, e := range es {
			out[d] = append(out[d], e.Player)
		}
		for len(out[d]) < sizes[d] {
			out[d] = append(out[d], newcomers[0].Player)
			newcomers = newcomers[1:]
		}
	}
	return out, nil
}

// Placed orders two returning players by last season's standings, the best placed first:
// the higher division, then the better place in it.
func Placed(a, b Entrant) int {
	return cmp.Or(cmp.Compare(a.Last.From, b.Last.From), cmp.Compare(a.Last.Place, b.Last.Place))
}

// sortedBy returns es best placed first, leaving es as it is.
func sortedBy(es []Entrant) []Entrant {
	es = slices.Clone(es)
	slices.SortStableFunc(es, Placed)
	return es
}

// overflows reports whether divisions hold more returning players than their sizes allow
// in all.
func overflows(divs [][]Entrant, sizes []int) bool {
	held, room := 0, 0
	for d := range divs {
		held += len(divs[d])
		room += sizes[d]
	}
	return held > room
}

// ErrNotSeasonOrganiser refuses what only the season's organiser may do.
var ErrNotSeasonOrganiser = &Forbidden{Reason: "only the season's organiser may do this", ID: "refusal.not_season_organiser"}

// MayChangeSignUp decides whether a player may sign up for, or withdraw from, a season of
// status: only while it is open. Leaving a running season is withdrawing from the
// division's league (ARMADA 4.2, league.Withdraw).
func MayChangeSignUp(status string) error {
	if status != SeasonOpen {
		return &Conflict{Reason: "season: " + status + "; sign-up is closed (leaving a running season is withdrawing from your division's league)",
			ID: "refusal.sign_up_closed", Data: map[string]any{"Status": status}}
	}
	return nil
}

// MayStart decides whether a season of status may start, by its organiser only, once.
func MayStart(status string, organiser bool) error {
	if !organiser {
		return ErrNotSeasonOrganiser
	}
	if status != SeasonOpen {
		return ErrSeasonStarted
	}
	return nil
}

// MayOpenNext decides whether the next season may open after one of status: by its
// organiser, once every division has finished.
func MayOpenNext(status string, organiser bool) error {
	if !organiser {
		return ErrNotSeasonOrganiser
	}
	return Over(status)
}

// Over refuses a season that has not finished: its movements and its next season wait
// for every division's league to finish.
func Over(status string) error {
	if status != SeasonFinished {
		return &Conflict{Reason: "season: " + status + "; it finishes when every division has finished", ID: "refusal.season_not_finished", Data: map[string]any{"Status": status}}
	}
	return nil
}
