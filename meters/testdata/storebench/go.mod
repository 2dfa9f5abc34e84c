module storebench

go 1.26.0

require (
	egm v0.0.0
	go.etcd.io/bbolt v1.4.3
	golang.org/x/sys v0.50.0
)

replace egm => ../../..
