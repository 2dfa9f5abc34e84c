package kit

// DemoCredit is the demo balance, refilled when it runs low. Demo play is not
// metered play: nothing here reaches the meters or critical memory.
const DemoCredit = 1000_00

// DemoCreditNow is the demo balance in the profile's currency.
func DemoCreditNow() int64 { return DemoCredit * DemoScale() }
