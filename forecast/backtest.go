package forecast

// Backtest replays a ladder's games in order through every model: each game is forecast
// from the games before it only, scored, and only then learnt.
type Backtest struct {
	models []Model
	scores []Scores
	win    [][]float64
}

// NewBacktest returns a back-test of the three models ([Models]) knowing no game.
func NewBacktest() *Backtest {
	models := Models()
	return &Backtest{models: models, scores: make([]Scores, len(models)), win: make([][]float64, len(models))}
}

// Models returns the back-test's models, in output order.
func (b *Backtest) Models() []Model { return b.models }

// Play forecasts the game with every model, scores the chances against its result, then
// teaches the result to the models. It returns each model's chances, in model order; they
// stay valid until the next call.
func (b *Backtest) Play(t Table, r Result) [][]float64 {
	for m, model := range b.models {
		b.win[m] = append(b.win[m][:0], make([]float64, len(t.Players))...)
		model.Chances(t, b.win[m])
	}
	for m, model := range b.models {
		b.scores[m].Add(b.win[m], r)
		model.Learn(t, r)
	}
	return b.win
}

// Summaries returns every model's figures so far, in model order.
func (b *Backtest) Summaries() []Summary {
	out := make([]Summary, len(b.models))
	for m, model := range b.models {
		out[m] = b.scores[m].Summary(model.Name())
	}
	return out
}

// Armada returns the back-test's armada model, as fitted on every game played so far: the
// model that forecasts the ladder's next games.
func (b *Backtest) Armada() *Armada {
	for _, m := range b.models {
		if a, ok := m.(*Armada); ok {
			return a
		}
	}
	return nil
}
