package forecast

import "math"

// OpenSkill's defaults (openskill's PlackettLuce model; Weng & Lin 2011 section 5).
const (
	// OpenSkillMu is a new player's mean skill μ.
	OpenSkillMu = 25.0
	// OpenSkillSigma is a new player's uncertainty σ = μ/3.
	OpenSkillSigma = 25.0 / 3
	// OpenSkillBeta is the performance noise β = σ/2.
	OpenSkillBeta = 25.0 / 6
	// OpenSkillTau is the dynamics τ = μ/300, added to σ (in quadrature) before each game.
	OpenSkillTau = 25.0 / 300
	// OpenSkillKappa is κ, the least factor by which a game may shrink σ².
	OpenSkillKappa = 0.0001
)

// Skill is one player's OpenSkill rating: a mean μ and an uncertainty σ.
type Skill struct {
	Mu, Sigma float64
}

// OpenSkill is Weng and Lin's Plackett-Luce model (Weng & Lin 2011, "A Bayesian
// Approximation Method for Online Ranking", Algorithm 4), with openskill's defaults and
// every seat a team of one. A seat's chance to win is the model's chance of it coming
// first, exp(μ_i / c) / Σ_q exp(μ_q / c) with c² = Σ_q (σ_q² + β²). (openskill's own
// predict_win averages pairwise normal chances instead; the Plackett-Luce chance is the
// one the updates below are derived from.) A player first seen starts at μ 25, σ 25/3.
type OpenSkill struct {
	index  map[string]int
	skills []Skill
	// scores is working space for Chances.
	scores []float64
}

// NewOpenSkill returns the model knowing nobody.
func NewOpenSkill() *OpenSkill { return &OpenSkill{index: map[string]int{}} }

// Name is "openskill".
func (*OpenSkill) Name() string { return "openskill" }

// Skill returns the player's rating: the defaults for someone not seen yet.
func (o *OpenSkill) Skill(player string) Skill {
	if i, ok := o.index[player]; ok {
		return o.skills[i]
	}
	return Skill{Mu: OpenSkillMu, Sigma: OpenSkillSigma}
}

// openSkillC returns c = sqrt(Σ (σ² + β²)) over the table's skills.
func openSkillC(skills []Skill) float64 {
	c2 := 0.0
	for _, s := range skills {
		c2 += s.Sigma*s.Sigma + OpenSkillBeta*OpenSkillBeta
	}
	return math.Sqrt(c2)
}

// Chances gives each seat its Plackett-Luce chance of coming first.
func (o *OpenSkill) Chances(t Table, win []float64) {
	skills := make([]Skill, len(t.Players))
	for i, p := range t.Players {
		skills[i] = o.Skill(p)
	}
	c := openSkillC(skills)
	o.scores = o.scores[:0]
	for _, s := range skills {
		o.scores = append(o.scores, s.Mu/c)
	}
	softmax(o.scores, win)
}

// Learn updates the seats' players by Algorithm 4 of Weng & Lin (2011), as openskill does:
// σ² += τ² first, then with c² = Σ_q (σ_q² + β²), A_q the number of seats sharing q's
// place, and Σ_q = Σ over the seats placed no better than q of exp(μ/c), for each seat i
//
//	Ω_i = σ_i²/c × Σ_{q placed at or above i} (δ_qi − exp(μ_i/c)/Σ_q) / A_q
//	Δ_i = γ_i σ_i²/c² × Σ_{q placed at or above i} exp(μ_i/c)/Σ_q × (1 − exp(μ_i/c)/Σ_q) / A_q
//
// with γ_i = σ_i / c; then μ_i += Ω_i and σ_i² ×= max(1 − Δ_i, κ).
func (o *OpenSkill) Learn(t Table, r Result) {
	n := len(t.Players)
	skills := make([]Skill, n)
	for i, p := range t.Players {
		s := o.Skill(p)
		s.Sigma = math.Sqrt(s.Sigma*s.Sigma + OpenSkillTau*OpenSkillTau)
		skills[i] = s
	}
	for i, s := range Update(skills, r) {
		p := t.Players[i]
		k, ok := o.index[p]
		if !ok {
			k = len(o.skills)
			o.index[p] = k
			o.skills = append(o.skills, Skill{})
		}
		o.skills[k] = s
	}
}

// Update is one game of Weng & Lin's Algorithm 4 for seats of one player each: given the
// seats' skills (τ already added) and their places, it returns the skills after the game.
// See [OpenSkill.Learn] for the formulas.
func Update(skills []Skill, places Result) []Skill {
	n := len(skills)
	c := openSkillC(skills)
	exps := make([]float64, n)
	for i, s := range skills {
		exps[i] = math.Exp(s.Mu / c)
	}
	// sumQ[q]: the strength of the seats placed no better than q; ties[q]: A_q.
	sumQ, ties := make([]float64, n), make([]int, n)
	for q := range n {
		for i := range n {
			if places[i] >= places[q] {
				sumQ[q] += exps[i]
			}
			if places[i] == places[q] {
				ties[q]++
			}
		}
	}
	out := make([]Skill, n)
	for i, s := range skills {
		var omega, delta float64
		for q := range n {
			if places[q] > places[i] {
				continue
			}
			p := exps[i] / sumQ[q]
			delta += p * (1 - p) / float64(ties[q])
			if q == i {
				omega += (1 - p) / float64(ties[q])
			} else {
				omega -= p / float64(ties[q])
			}
		}
		sigma2 := s.Sigma * s.Sigma
		omega *= sigma2 / c
		delta *= sigma2 / (c * c)
		delta *= s.Sigma / c // γ_i, openskill's default gamma
		out[i] = Skill{
			Mu:    s.Mu + omega,
			Sigma: s.Sigma * math.Sqrt(max(1-delta, OpenSkillKappa)),
		}
	}
	return out
}
