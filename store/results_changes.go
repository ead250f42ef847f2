package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
)

// Changes is the visible diff of a result write: whose league points moved by how much,
// and whose rating.
type Changes struct {
	Points  []PointsChange
	Ratings []RatingChange
}

// PointsChange is one player's league points for a game before and after a write; their
// standings total moves by After − Before.
type PointsChange struct {
	Username string
	Before   *big.Rat
	After    *big.Rat
}

// Delta is After − Before: how far the player's standings points moved.
func (c PointsChange) Delta() *big.Rat { return new(big.Rat).Sub(c.After, c.Before) }

// RatingChange is one member's rating on the ladder before and after a write.
type RatingChange struct {
	Username string
	Before   rating.Micros
	After    rating.Micros
}

// changesJSON is the stored form of Changes: points as exact fractions, ratings in
// millionths, so an audit row reads back exactly.
type changesJSON struct {
	Points []struct {
		Username string `json:"username"`
		Before   string `json:"before"`
		After    string `json:"after"`
	} `json:"points"`
	Ratings []struct {
		Username string `json:"username"`
		Before   int64  `json:"before_micros"`
		After    int64  `json:"after_micros"`
	} `json:"ratings"`
}

// MarshalJSON writes the changes exactly.
func (c Changes) MarshalJSON() ([]byte, error) {
	var w changesJSON
	for _, p := range c.Points {
		w.Points = append(w.Points, struct {
			Username string `json:"username"`
			Before   string `json:"before"`
			After    string `json:"after"`
		}{p.Username, p.Before.RatString(), p.After.RatString()})
	}
	for _, r := range c.Ratings {
		w.Ratings = append(w.Ratings, struct {
			Username string `json:"username"`
			Before   int64  `json:"before_micros"`
			After    int64  `json:"after_micros"`
		}{r.Username, int64(r.Before), int64(r.After)})
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads changes written by MarshalJSON.
func (c *Changes) UnmarshalJSON(data []byte) error {
	var w changesJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("changes: %w", err)
	}
	*c = Changes{}
	for _, p := range w.Points {
		before, ok1 := new(big.Rat).SetString(p.Before)
		after, ok2 := new(big.Rat).SetString(p.After)
		if !ok1 || !ok2 {
			return fmt.Errorf("changes: points of %q: %q → %q", p.Username, p.Before, p.After)
		}
		c.Points = append(c.Points, PointsChange{Username: p.Username, Before: before, After: after})
	}
	for _, r := range w.Ratings {
		c.Ratings = append(c.Ratings, RatingChange{Username: r.Username, Before: rating.Micros(r.Before), After: rating.Micros(r.After)})
	}
	return nil
}

const oldPointsSQL = `
SELECT u.username, rp.points_num, rp.points_den
FROM result_points rp JOIN users u ON u.id = rp.user_id
WHERE rp.game_id = $1`

const ladderRatingsByNameSQL = `
SELECT u.username, r.rating_micros FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.ladder = $1`

// standingBefore is what a correction may move, read before it writes: the game's league
// points by username and the ladder's ratings by username.
type standingBefore struct {
	points  map[string]*big.Rat
	ratings map[string]rating.Micros
}

// readBefore reads a game's league points and its ladder's ratings before a correction.
func readBefore(ctx context.Context, tx pgx.Tx, gameID int64, ladder string) (standingBefore, error) {
	points, err := collect[struct {
		Username  string `db:"username"`
		PointsNum int64  `db:"points_num"`
		PointsDen int64  `db:"points_den"`
	}](ctx, tx, oldPointsSQL, gameID)
	if err != nil {
		return standingBefore{}, fmt.Errorf("read points: %w", err)
	}
	held, err := collect[struct {
		Username string        `db:"username"`
		Rating   rating.Micros `db:"rating_micros"`
	}](ctx, tx, ladderRatingsByNameSQL, ladder)
	if err != nil {
		return standingBefore{}, fmt.Errorf("read ratings: %w", err)
	}
	b := standingBefore{points: make(map[string]*big.Rat, len(points)), ratings: make(map[string]rating.Micros, len(held))}
	for _, p := range points {
		b.points[p.Username] = big.NewRat(p.PointsNum, p.PointsDen)
	}
	for _, h := range held {
		b.ratings[h.Username] = h.Rating
	}
	return b, nil
}

// diff is the visible change of a correction: every seat whose league points moved, and
// every member whose rating on the replayed ladder moved (by username).
func (b standingBefore) diff(lines []ResultLine, standings []rating.Standing) Changes {
	var changes Changes
	for _, l := range lines {
		before := b.points[l.Player]
		if before == nil {
			before = new(big.Rat)
		}
		if after := l.League; before.Cmp(after) != 0 {
			changes.Points = append(changes.Points, PointsChange{Username: l.Player, Before: before, After: after})
		}
	}
	seen := map[string]bool{}
	for _, st := range standings {
		seen[st.Player] = true
		if r, ok := b.ratings[st.Player]; !ok || r != st.Rating {
			changes.Ratings = append(changes.Ratings, RatingChange{Username: st.Player, Before: r, After: st.Rating})
		}
	}
	for player, r := range b.ratings {
		if !seen[player] && r != 0 {
			changes.Ratings = append(changes.Ratings, RatingChange{Username: player, Before: r})
		}
	}
	slices.SortFunc(changes.Ratings, func(x, y RatingChange) int { return strings.Compare(x.Username, y.Username) })
	return changes
}
