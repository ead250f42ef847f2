package scoring

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// Game versions (CONTRACT section 9): "When you create a league, you can select the number
// of players that will play each of the game, the type of game and the version of that game
// you want to use in the league" (league-scoring-system.txt). A league and a normal game
// play one version of their game; where the seeds make the version change a rule, the
// version carries it (the players it takes, Arcs' ambition markers, Vortex's die). Ratings
// stay one ladder per game: a version never splits a ladder.

// Version is one version of a game of the registry.
type Version struct {
	// Slug is the version's id in the API and forms ("base", "lost-vaults", "d12",
	// "standard"), unique within its game.
	Slug string
	// Name is the display name, e.g. "Lost Vaults & Fated Leaders".
	Name string
	// MinPlayers and MaxPlayers bound the players per game of this version, within its
	// game's range.
	MinPlayers, MaxPlayers int
	// MarkerValues is, for Arcs, how many values its ambition markers show: 2 ("higher" and
	// "lower") in the base game, 3 with Lost Vaults & Fated Leaders (arcs-tied-ambitions.txt:
	// "ambition markers that show three values instead of the two before"); 0 for other games.
	MarkerValues int
	// Die is, for Vortex, the die of the position score (vortex-mechanics.txt: "using a d6
	// for rolls", "Lets also use a d12 for rolls instead of a d6"); 0 for other games.
	Die int
	// Campaign marks Arcs' campaign game (The Blighted Reach), where SUPERCAT's campaign
	// notes apply (supercat-solo-arcs-bot.txt: "in the campaign game the bot is satisfied
	// with fewer claims").
	Campaign bool
	// Note says in a line what the version changes, for the forms and pages.
	Note string
}

// Standard is the slug of the only version of a game whose seeds name no versions.
const Standard = "standard"

// versions lists each game's versions, the default first (CONTRACT section 9); a game not
// named has one version, Standard, over its whole range.
func versions(g Game) []Version {
	switch g.Slug {
	case "arcs":
		// arcs-tied-ambitions.txt: "The base game of Arcs supports two to four players" and
		// "The upcoming expansion promises the possibility to include a fifth player, and
		// ... contains new ambition markers that show power points awarded for the first,
		// second and third place."
		return []Version{
			{Slug: "base", Name: "Base game", MinPlayers: 2, MaxPlayers: 4, MarkerValues: 2,
				Note: "2 to 4 players; ambition markers show two values (1st and 2nd place)."},
			{Slug: "lost-vaults", Name: "Lost Vaults & Fated Leaders", MinPlayers: 2, MaxPlayers: 5, MarkerValues: 3,
				Note: "2 to 5 players; ambition markers show three values (1st, 2nd and 3rd place)."},
			{Slug: "blighted-reach", Name: "The Blighted Reach (campaign)", MinPlayers: 2, MaxPlayers: 4, MarkerValues: 2,
				Campaign: true, Note: "The campaign game, 2 to 4 players; SUPERCAT's campaign notes apply."},
		}
	case "vortex":
		// vortex-mechanics.txt: "This algorithm assumes we're using a d6 for rolls" and "A
		// d12 sounds like a good idea, until all the pieces are crammed within 5 cells of the
		// center".
		return []Version{
			{Slug: "d6", Name: "d6", MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, Die: 6,
				Note: "Rolls with a d6: position scores count threats out of 6."},
			{Slug: "d12", Name: "d12", MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers, Die: 12,
				Note: "Rolls with a d12: position scores count threats out of 12."},
		}
	}
	return []Version{{Slug: Standard, Name: "Standard", MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers}}
}

// Versions lists the game's versions, its default first (a fresh slice on every call).
func (g Game) Versions() []Version { return versions(g) }

// DefaultVersion is the game's first version, the one a league or table plays when none is
// chosen.
func (g Game) DefaultVersion() Version { return versions(g)[0] }

// Version finds the game's version with slug; "" is the default. The error is a
// *FieldError on "version" naming the unknown slug and the game's versions.
func (g Game) Version(slug string) (Version, error) {
	vs := versions(g)
	if slug == "" {
		return vs[0], nil
	}
	slugs := make([]string, len(vs))
	for i, v := range vs {
		if v.Slug == slug {
			return v, nil
		}
		slugs[i] = v.Slug
	}
	return Version{}, fieldErr("version", "%s has no version %q (want one of %s; free text such as \"2nd edition\" goes in \"edition\")",
		g.Name, slug, strings.Join(slugs, ", "))
}

// VersionName is the game's name with the version's, for pages: "Arcs (Lost Vaults & Fated
// Leaders)", "Vortex (d12)"; a game with a single version is its name alone.
func (g Game) VersionName(v Version) string {
	if len(versions(g)) < 2 {
		return g.Name
	}
	return g.Name + " (" + v.Name + ")"
}

// AcceptsPlayers checks that perGame players per game is within the version's range (and so
// within its game's; a version over its game's whole range says what its game says); the error is a *FieldError on "players_per_game". Arcs' base game
// refuses 5: "The base game of Arcs supports two to four players"
// (arcs-tied-ambitions.txt).
func (v Version) AcceptsPlayers(g Game, perGame int) error {
	if perGame >= v.MinPlayers && perGame <= v.MaxPlayers {
		return nil
	}
	if v.MinPlayers == g.MinPlayers && v.MaxPlayers == g.MaxPlayers {
		return g.AcceptsPlayers(perGame) // the version takes what its game takes
	}
	msg := fmt.Sprintf("%s takes %d to %d players per game, got %d", g.VersionName(v), v.MinPlayers, v.MaxPlayers, perGame)
	var others []string
	for _, o := range versions(g) {
		if o.Slug != v.Slug && perGame >= o.MinPlayers && perGame <= o.MaxPlayers {
			others = append(others, fmt.Sprintf("%s (%q)", o.Name, o.Slug))
		}
	}
	if len(others) > 0 {
		msg += fmt.Sprintf("; %d players a game needs %s", perGame, strings.Join(others, " or "))
	}
	return fieldErr("players_per_game", "%s", msg)
}

// CheckMarkers checks an Arcs ambition's markers against the version's ambition markers:
// the base game's show two values ("The player who gets first place ... gains the higher
// Power shown", "second place ... the lower Power"), Lost Vaults & Fated Leaders' three or
// two ("new ambition markers that show power points awarded for the first, second and third
// place", beside the base game's; arcs-tied-ambitions.txt). The error is a *FieldError on
// "markers[i]". A version without ambition markers accepts anything.
func (v Version) CheckMarkers(markers [][]int64) error {
	if v.MarkerValues == 0 {
		return nil
	}
	for i, m := range markers {
		if len(m) > v.MarkerValues {
			return wordedErr(strictjson.Index("markers", i), "scoring.arcs_marker_version",
				map[string]any{"Got": len(m), "Version": v.Name, "Max": v.MarkerValues},
				fmt.Sprintf("%d values, but the markers of %s show at most %d (1st, 2nd)", len(m), v.Name, v.MarkerValues))
		}
	}
	return nil
}

// ApplyDie makes a Vortex result board use the version's die: a board without "die" gets
// it ("a Vortex d12 league's result board ... use[s] the d12 without asking"), a board with
// another die is refused (a *FieldError on "die"). scorer is the scorer's input (a JSON
// object, already valid); a result given as final scores, or a version without a die, is
// returned unchanged. The scorer refuses a "die" beside final scores itself.
func (v Version) ApplyDie(scorer []byte) ([]byte, error) {
	if v.Die == 0 {
		return scorer, nil
	}
	doc := strictjson.TrimSpace(scorer)
	if len(doc) == 0 || doc[0] != '{' || !strictjson.Valid(doc) {
		return scorer, nil
	}
	var die []byte
	board := false
	for m := (strictjson.Members{Text: doc}); m.Next(); {
		switch m.Key() {
		case "die":
			die = strictjson.TrimSpace(m.Value)
		case "players":
			board = bytes.Contains(m.Value, []byte(`"tokens"`))
		}
	}
	if die == nil {
		if !board {
			return scorer, nil
		}
		out := append(make([]byte, 0, len(doc)+12), '{')
		out = append(out, `"die":`+strconv.Itoa(v.Die)...)
		if rest := strictjson.TrimSpace(doc[1:]); len(rest) > 0 && rest[0] != '}' {
			out = append(out, ',')
		}
		return append(out, doc[1:]...), nil
	}
	if n, ok := new(big.Rat).SetString(string(die)); !ok || n.Cmp(big.NewRat(int64(v.Die), 1)) != 0 {
		return nil, fieldErr("die", "this game is played with a d%d (its version, %q), got %s", v.Die, v.Slug, die)
	}
	return scorer, nil
}

// ScoreSeatedVersion decodes body, a result of game played in version v (Game.DecodeResult),
// and scores it against the seats (ScoreSeated), for a caller holding the body as bytes. It
// returns the body as kept, die included.
func ScoreSeatedVersion(game Game, v Version, body []byte, seats []Seat) (SeatedResult, []byte, error) {
	in, err := game.DecodeResult(v, body)
	if err != nil {
		return SeatedResult{}, nil, err
	}
	res, err := ScoreSeated(game, in, seats)
	return res, in.Body, err
}
