// The `measure` command line tool; its commands live in the MeasureCommands module.
import MeasureCommands

MeasureMain.main()
