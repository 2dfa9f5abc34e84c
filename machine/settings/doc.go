// Package settings is the machine's configuration: the machine's part of the
// cabinet configuration (Config: jurisdiction, machine id and asset number,
// denominations, Gamble, handpay limit, AML threshold, idle cash-out, AFT, the
// table games, the longest reservation of the machine and the bonus jackpot,
// machine/bonusjp's Config, off by default, set by the configuration file only),
// its defaults in the jurisdiction's currency (DefaultConfig,
// DefaultConfigFor, Scale), its strict JSON (DecodeStrict, ParseConfig), its
// validation (Validate, ConfigError naming the key), the operator's settings laid
// over it (OperatorSettings, Config.WithOperator) and the description of a change
// (Changes) that the machine logs. Its errors read "machine: config: …": they are
// the machine's refusals of its configuration, as the operator and the logs know them.
//
// It owns the keys, their defaults and their rules only: it is pure data and
// checks, with no state. It must not touch: the machine (package machine imports
// it, never the reverse), critical memory, the clock, the screen or a title's
// math; applying a configuration (Open, InConfigure) and recording it in critical
// memory are the machine's.
//
// # Files
//
//   - config.go: Config, ConfigError, Validate, DecodeStrict, ParseConfig, Changes.
//   - jurisdiction.go: the profile in force (Profile, Currency, OperatorLang),
//     Scale, SlotLimits, DefaultConfigFor, JurisdictionOf.
//   - tables.go: TablesConfig, TableConfig, DefaultTables.
//   - progressive.go: ProgressiveConfig (three card poker's progressive side
//     bet's stake and pool), DefaultProgressive.
//   - aft.go: AFTConfig, DefaultAFTConfig, MaxDepositCents.
//   - operator.go: OperatorSettings, Config.Operator, Config.WithOperator.
//   - reserve.go: MaxReserveMinutes and the check of reserve_max_minutes.
package settings
