package forecast

import (
	"math"

	"github.com/tablestakes/tablestakes/rating"
)

// ArmadaPriorSD is the standard deviation of the Normal(0, ArmadaPriorSD²) prior on the
// armada model's scale θ: weak enough that a few dozen games outweigh it, strong enough to
// keep θ finite on a ladder too short (or too one-sided) for the maximum to exist. With no
// games at all θ is 0 and the model is uniform.
const ArmadaPriorSD = 2.0

// armadaRefitAll is how many games are learnt with θ refitted after every one of them.
// Past armadaRefitAll games θ is refitted each time the history has grown by an eighth,
// so a ladder of n games costs about 9n game evaluations per Newton step instead of n²/2.
const armadaRefitAll = 256

// Armada turns the ARMADA ratings into chances: a Plackett-Luce model in which a seat of
// rating R (points) has strength exp(θ × R / 100) and wins with its strength over the
// table's. The ante already acts as a handicap (seed 3.3: "the higher-ranked players put
// more of their points at risk"); θ says how much a rating difference is worth in chances,
// and is learnt from the ladder itself: the θ maximising the likelihood of the earlier
// games' winners, each game's x = R / 100 taken as they stood before that game, times a
// Normal(0, ArmadaPriorSD²) prior. Ties for first share the win, so a game's likelihood is
// the sum of its winners' chances. The fit is a safeguarded Newton iteration (one variable:
// gradient and curvature in one pass over the history; a step that lowers the likelihood is
// halved). θ is refitted after every game for the first armadaRefitAll games, then each
// time the history grows by an eighth; between fits the last θ is used, always one fitted
// on earlier games only.
type Armada struct {
	theta float64
	// xs holds every learnt game's R/100, seat after seat, and won whether the seat won;
	// ends[g] is where game g's seats end.
	xs   []float64
	won  []bool
	ends []int
	// next is the number of games at which θ is refitted.
	next int
	// scores is working space for Chances.
	scores []float64
}

// NewArmada returns the armada model knowing no game: θ = 0, every seat equal.
func NewArmada() *Armada { return &Armada{next: 1} }

// Name is "armada".
func (*Armada) Name() string { return "armada" }

// Theta returns the scale θ currently fitted.
func (a *Armada) Theta() float64 { return a.theta }

// Games returns how many games the model has learnt.
func (a *Armada) Games() int { return len(a.ends) }

// Chances gives each seat exp(θ R / 100) over the table's total.
func (a *Armada) Chances(t Table, win []float64) {
	a.scores = armadaChances(a.theta, t.Ratings, win, a.scores)
}

// ArmadaChances returns the chances the armada model with scale theta gives seats of these
// ratings: exp(θ R / 100) over the table's total, in seat order.
func ArmadaChances(theta float64, ratings []rating.Micros) []float64 {
	win := make([]float64, len(ratings))
	armadaChances(theta, ratings, win, nil)
	return win
}

// armadaChances writes the chances into win, using scores as working space, and returns it.
func armadaChances(theta float64, ratings []rating.Micros, win, scores []float64) []float64 {
	scores = scores[:0]
	for _, r := range ratings {
		scores = append(scores, theta*points100(r))
	}
	softmax(scores, win)
	return scores
}

// points100 is a rating in hundreds of points: the model's x.
func points100(r rating.Micros) float64 {
	return float64(r) / float64(100*rating.PerPoint)
}

// Learn adds the game to the history and refits θ when it is due.
func (a *Armada) Learn(t Table, r Result) {
	for i, rt := range t.Ratings {
		a.xs = append(a.xs, points100(rt))
		a.won = append(a.won, r[i] == 1)
	}
	a.ends = append(a.ends, len(a.xs))
	if n := len(a.ends); n >= a.next {
		a.fit()
		a.next = n + 1
		if n >= armadaRefitAll {
			a.next = n + n/8
		}
	}
}

// fit sets θ to the maximum of the log-posterior over the learnt games, starting from the
// current θ.
func (a *Armada) fit() {
	theta := a.theta
	l, g, h := a.logPosterior(theta)
	for range 100 {
		// Curvature at least the prior's: where ties for first make the log-likelihood
		// locally convex, this is a gradient step the halving below keeps safe.
		curv := min(h, -1/(ArmadaPriorSD*ArmadaPriorSD))
		step := -g / curv
		// Newton converges quadratically: once the step, or the gain it promises
		// (g × step / 2), is below what rounding lets the likelihood of a long ladder tell
		// apart, one last step puts θ within about step² of the maximum.
		if math.Abs(step) < 1e-8 || g*step/2 < 1e-9 {
			theta += step
			break
		}
		accepted := false
		for range 20 {
			next := theta + step
			nl, ng, nh := a.logPosterior(next)
			if nl >= l {
				theta, l, g, h = next, nl, ng, nh
				accepted = true
				break
			}
			step /= 2
		}
		if !accepted {
			break
		}

	}
	a.theta = theta
}

// logPosterior returns, at theta, the log-posterior of the learnt games (up to a constant),
// its derivative and its second derivative.
func (a *Armada) logPosterior(theta float64) (l, grad, hess float64) {
	prec := 1 / (ArmadaPriorSD * ArmadaPriorSD)
	l, grad, hess = -theta*theta*prec/2, -theta*prec, -prec
	from := 0
	for _, end := range a.ends {
		xs, won := a.xs[from:end], a.won[from:end]
		from = end
		top := math.Inf(-1)
		for _, x := range xs {
			top = max(top, theta*x)
		}
		// The table's and the winners' sums of strength, and of x and x² weighted by it,
		// each strength taken relative to the strongest seat's so none overflows.
		var s, sx, sxx, w, wx, wxx float64
		winners := 0
		for i, x := range xs {
			e := math.Exp(theta*x - top)
			s, sx, sxx = s+e, sx+e*x, sxx+e*x*x
			if won[i] {
				w, wx, wxx = w+e, wx+e*x, wxx+e*x*x
				winners++
			}
		}
		if winners == 0 {
			continue // no winner: the game says nothing
		}
		shift := 0.0
		if w == 0 {
			// The winners' strengths vanished beside the strongest seat's: take theirs
			// from their own strongest.
			topWon := math.Inf(-1)
			for i, x := range xs {
				if won[i] {
					topWon = max(topWon, theta*x)
				}
			}
			for i, x := range xs {
				if won[i] {
					e := math.Exp(theta*x - topWon)
					w, wx, wxx = w+e, wx+e*x, wxx+e*x*x
				}
			}
			shift = topWon - top
		}
		meanAll, meanWon := sx/s, wx/w
		l += shift + math.Log(w/s)
		grad += meanWon - meanAll
		hess += (wxx/w - meanWon*meanWon) - (sxx/s - meanAll*meanAll)
	}
	return l, grad, hess
}
