package forecast

import "math"

// MinChance is the least chance log-loss takes for a game's winners: a model all but sure
// of a result that then fails scores −ln(1e-15) ≈ 34.5 for that game, not infinity.
const MinChance = 1e-15

// Buckets is the number of calibration buckets: chances by tenths.
const Buckets = 10

// Summary is one model's figures over a ladder (CONTRACT section 11).
type Summary struct {
	Model string
	// Games is how many games were forecast.
	Games int
	// LogLoss is the mean over games of −ln(sum of the winners' chances).
	LogLoss float64
	// Brier is the mean over games of Σ_seats (chance − o)², o = 1/(number of winners)
	// for a winner and 0 otherwise.
	Brier float64
	// FavouriteWon is the share of games in which a seat with the highest chance is among
	// the winners.
	FavouriteWon float64
	// Calibration holds the ten buckets, chances 0 to 0.1 first.
	Calibration []Bucket
}

// Bucket is the seats whose chance fell in [From, To) (the last bucket includes 1).
type Bucket struct {
	From, To float64
	// Games is the number of seats, over all games, whose chance fell in the bucket.
	Games int
	// Forecast is their mean chance.
	Forecast float64
	// Won is their mean share of the win: 1/(number of winners) for a winner, else 0, the
	// o of the Brier score. Calibrated chances have Won close to Forecast.
	Won float64
}

// Scores adds up one model's figures game after game.
type Scores struct {
	games, favourite int
	logLoss, brier   sum
	buckets          [Buckets]struct {
		seats         int
		forecast, won sum
	}
}

// Add scores one game's chances (one per seat) against its result.
func (s *Scores) Add(win []float64, r Result) {
	s.games++
	share := 1 / float64(r.winners())
	top := 0.0
	for _, p := range win {
		top = max(top, p)
	}
	var won, brier float64
	favourite := false
	for i, p := range win {
		o := 0.0
		if r[i] == 1 {
			o = share
			won += p
			favourite = favourite || p == top
		}
		brier += (p - o) * (p - o)
		b := &s.buckets[min(max(int(p*Buckets), 0), Buckets-1)]
		b.seats++
		b.forecast.add(p)
		b.won.add(o)
	}
	s.logLoss.add(-math.Log(max(won, MinChance)))
	s.brier.add(brier)
	if favourite {
		s.favourite++
	}
}

// Summary returns the figures so far under the model's name; with no game they are all 0.
func (s *Scores) Summary(model string) Summary {
	out := Summary{Model: model, Games: s.games, Calibration: make([]Bucket, Buckets)}
	for k, b := range s.buckets {
		out.Calibration[k] = Bucket{From: float64(k) / Buckets, To: float64(k+1) / Buckets, Games: b.seats}
		if b.seats > 0 {
			out.Calibration[k].Forecast = b.forecast.value() / float64(b.seats)
			out.Calibration[k].Won = b.won.value() / float64(b.seats)
		}
	}
	if s.games > 0 {
		g := float64(s.games)
		out.LogLoss, out.Brier, out.FavouriteWon = s.logLoss.value()/g, s.brier.value()/g, float64(s.favourite)/g
	}
	return out
}

// sum is a compensated (Neumaier) sum, so a million games' figures stay exact far beyond
// the 1e-9 CONTRACT asks.
type sum struct{ s, c float64 }

// add adds x.
func (a *sum) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

// value returns the sum.
func (a *sum) value() float64 { return a.s + a.c }
