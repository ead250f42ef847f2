package forecast

import (
	"cmp"
	"math"
	"slices"

	"github.com/tablestakes/tablestakes/rating"
)

// Table is a game about to be played, as the models see it: its seats in seat order.
type Table struct {
	// Players holds each seat's player (the member who antes for the seat, seed 3.2).
	Players []string
	// Ratings holds each seat's ARMADA rating before the game.
	Ratings []rating.Micros
}

// Result is how a game ended: each seat's place, 1 the best. Seats that tie share a place,
// and the winners are the seats in place 1.
type Result []int

// Model gives each seat of a table its chance to win, knowing only the games it has learnt.
type Model interface {
	// Name is the model's name in CONTRACT section 11: "armada", "openskill", "uniform".
	Name() string
	// Chances writes each seat's chance to win into win (one per seat): each in [0, 1],
	// summing to 1.
	Chances(t Table, win []float64)
	// Learn takes a played game into account, after its chances were given.
	Learn(t Table, r Result)
}

// Models returns a fresh set of the three models, in the order CONTRACT section 11 lists
// them: armada, openskill, uniform.
func Models() []Model {
	return []Model{NewArmada(), NewOpenSkill(), Uniform{}}
}

// Places ranks a rated game's seats: the winners (rating.Seat.Winner) are in place 1, the
// others follow by their points, highest first, seats with equal points sharing a place.
// (An ARMADA draw gives its winners different points; they still share first place.)
func Places(g rating.Game) Result {
	order := make([]int, len(g.Seats))
	for i := range order {
		order[i] = i
	}
	better := func(a, b int) int {
		sa, sb := g.Seats[a], g.Seats[b]
		switch {
		case sa.Winner != sb.Winner && sa.Winner:
			return -1
		case sa.Winner != sb.Winner:
			return 1
		case sa.Winner:
			return 0
		}
		return sb.Points.Cmp(sa.Points)
	}
	slices.SortStableFunc(order, better)
	places := make(Result, len(g.Seats))
	for k, i := range order {
		places[i] = k + 1
		if k > 0 && better(order[k-1], i) == 0 {
			places[i] = places[order[k-1]]
		}
	}
	return places
}

// winners counts the seats in place 1.
func (r Result) winners() int {
	n := 0
	for _, p := range r {
		if p == 1 {
			n++
		}
	}
	return n
}

// normalize scales weights in place to chances summing to 1; all-zero weights become 1/n
// each.
func normalize(w []float64) {
	total := 0.0
	for _, x := range w {
		total += x
	}
	if !(total > 0) {
		for i := range w {
			w[i] = 1 / float64(len(w))
		}
		return
	}
	for i := range w {
		w[i] /= total
	}
}

// softmax writes exp(s_i) / Σ exp(s_j) into win, computed from the largest score down so no
// strength overflows.
func softmax(scores, win []float64) {
	top := slices.MaxFunc(scores, cmp.Compare[float64])
	for i, s := range scores {
		win[i] = math.Exp(s - top)
	}
	normalize(win)
}
