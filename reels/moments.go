package reels

// Moments summarise the win over a set of stop combinations, exactly. Wins are
// Eval.Total: line pays plus scatter pay × lines, in line bets.
type Moments struct {
	Weight    uint64 `json:"weight"`     // stop combinations
	Hits      uint64 `json:"hits"`       // of which the win is > 0
	Sum       U128   `json:"sum"`        // Σ win
	SumSq     U128   `json:"sum_sq"`     // Σ win²
	Max       uint64 `json:"max"`        // the largest win
	MaxWeight uint64 `json:"max_weight"` // combinations that pay Max
}

// fold adds a further pay p to every combination and multiplies their number by
// c (the multiplicity of the column that extends them).
func (m Moments) fold(p, c uint64) Moments {
	out := Moments{Weight: m.Weight * c, Max: m.Max + p, MaxWeight: m.MaxWeight * c}
	if p == 0 {
		out.Hits = m.Hits * c
		out.Sum = m.Sum.Mul64(c)
		out.SumSq = m.SumSq.Mul64(c)
		return out
	}
	out.Hits = m.Weight * c
	out.Sum = m.Sum.Add(Mul64x64(p, m.Weight)).Mul64(c)
	// Σ (x+p)² = Σx² + 2pΣx + p²·n
	out.SumSq = m.SumSq.Add(m.Sum.Mul64(2 * p)).Add(Mul64x64(p*p, m.Weight)).Mul64(c)
	return out
}

// Merge adds the combinations of o to m.
func (m *Moments) Merge(o Moments) {
	if o.Weight == 0 {
		return
	}
	m.Weight += o.Weight
	m.Hits += o.Hits
	m.Sum = m.Sum.Add(o.Sum)
	m.SumSq = m.SumSq.Add(o.SumSq)
	switch {
	case o.Max > m.Max || m.MaxWeight == 0:
		m.Max, m.MaxWeight = o.Max, o.MaxWeight
	case o.Max == m.Max:
		m.MaxWeight += o.MaxWeight
	}
}
