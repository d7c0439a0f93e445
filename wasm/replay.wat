(module
 (type $0 (func (result i32)))
 (type $1 (func (param i32)))
 (type $2 (func (param i32) (result i32)))
 (type $3 (func (param i32 i32)))
 (type $4 (func))
 (type $5 (func (param i32 i32) (result i32)))
 (type $6 (func (param i64 i64 i32 i32)))
 (type $7 (func (param i32 i32 i64 i64 i32) (result i32)))
 (type $8 (func (param i32 i32 i32 i32 i32 i32) (result i32)))
 (type $9 (func (param i64) (result i64)))
 (type $10 (func (param i32 i32 i32 i32 i32 i32 i32 i32) (result i32)))
 (type $11 (func (param i32 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)))
 (type $12 (func (param i64 i64 i32) (result i32)))
 (type $13 (func (param i64 i32 i32 i32 i32 i32 i32 i32 i32) (result i32)))
 (type $14 (func (param i32 i32 i32) (result i32)))
 (global $assembly/record_text/diff (mut i32) (i32.const -1))
 (global $assembly/trace_checks/table (mut i32) (i32.const 0))
 (global $assembly/trace_checks/failedStep (mut i32) (i32.const 0))
 (global $assembly/trace_checks/failedItem (mut i32) (i32.const 0))
 (global $assembly/record_text/pos (mut i32) (i32.const 0))
 (global $assembly/record_text/text (mut i32) (i32.const 0))
 (global $assembly/trace_checks/search (mut i32) (i32.const 0))
 (global $assembly/replay/width (mut i32) (i32.const 0))
 (global $assembly/replay/search (mut i32) (i32.const 0))
 (global $assembly/record_text/table (mut i32) (i32.const 0))
 (global $assembly/replay/cells (mut i32) (i32.const 0))
 (global $assembly/replay/people (mut i32) (i32.const 0))
 (global $assembly/replay/fireState (mut i64) (i64.const 0))
 (global $assembly/replay/movementState (mut i64) (i64.const 0))
 (global $assembly/replay/steps (mut i32) (i32.const 0))
 (global $assembly/record_text/status (mut i32) (i32.const 0))
 (global $assembly/replay/ignitedTotal (mut i32) (i32.const 0))
 (global $assembly/record_text/textLength (mut i32) (i32.const 0))
 (global $assembly/record_text/width (mut i32) (i32.const 0))
 (global $assembly/replay/termination (mut i32) (i32.const 0))
 (global $assembly/replay/frontier (mut i32) (i32.const 0))
 (global $assembly/record_text/burningA (mut i32) (i32.const 0))
 (global $assembly/record_text/burningB (mut i32) (i32.const 0))
 (global $assembly/replay/consumed (mut i32) (i32.const 0))
 (global $assembly/replay/burningCount (mut i32) (i32.const 0))
 (global $assembly/replay/trappedTotal (mut i32) (i32.const 0))
 (global $assembly/record_text/position (mut i32) (i32.const 0))
 (global $assembly/replay/height (mut i32) (i32.const 0))
 (global $assembly/replay/logSteps (mut i32) (i32.const 0))
 (global $assembly/replay/always (mut i32) (i32.const 0))
 (global $assembly/replay/threshold (mut i64) (i64.const 0))
 (global $assembly/replay/exitCount (mut i32) (i32.const 0))
 (global $assembly/trace_checks/width (mut i32) (i32.const 0))
 (global $assembly/record_text/people (mut i32) (i32.const 0))
 (global $assembly/record_text/logEnds (mut i32) (i32.const 0))
 (global $assembly/record_text/casualties (mut i32) (i32.const 0))
 (global $assembly/record_text/evacuations (mut i32) (i32.const 0))
 (global $assembly/record_text/nameEnds (mut i32) (i32.const 0))
 (global $assembly/replay/ignitionCount (mut i32) (i32.const 0))
 (global $assembly/replay/logLength (mut i32) (i32.const 0))
 (global $assembly/trace_checks/cells (mut i32) (i32.const 0))
 (global $assembly/trace_checks/searchHead (mut i32) (i32.const 0))
 (global $assembly/trace_checks/searchTail (mut i32) (i32.const 0))
 (global $assembly/record_text/cause (mut i32) (i32.const 0))
 (global $assembly/record_text/names (mut i32) (i32.const 0))
 (global $assembly/record_text/startAddress (mut i32) (i32.const 0))
 (global $assembly/record_text/cached (mut i32) (i32.const 0))
 (global $assembly/record_text/termination (mut i32) (i32.const 0))
 (global $assembly/record_text/burningCount (mut i32) (i32.const 0))
 (global $assembly/replay/horizon (mut i32) (i32.const 0))
 (global $assembly/replay/activeCount (mut i32) (i32.const 0))
 (global $assembly/replay/contestedCount (mut i32) (i32.const 0))
 (global $assembly/replay/searchHead (mut i32) (i32.const 0))
 (global $assembly/replay/searchTail (mut i32) (i32.const 0))
 (global $assembly/trace_checks/exitCount (mut i32) (i32.const 0))
 (global $assembly/record_text/entriesRead (mut i32) (i32.const 0))
 (global $assembly/record_text/stepsRead (mut i32) (i32.const 0))
 (global $assembly/record_text/initialIgnitions (mut i32) (i32.const 0))
 (global $assembly/record_text/cellTexts (mut i32) (i32.const 0))
 (global $assembly/record_text/totalSteps (mut i32) (i32.const 0))
 (global $assembly/replay/blocked (mut i32) (i32.const 0))
 (global $assembly/replay/startsOnExit (mut i32) (i32.const 0))
 (global $assembly/trace_checks/people (mut i32) (i32.const 0))
 (global $assembly/record_text/entriesCap (mut i32) (i32.const 0))
 (global $assembly/record_text/stepsCap (mut i32) (i32.const 0))
 (global $assembly/record_text/cells (mut i32) (i32.const 0))
 (global $assembly/replay/preparedTop (mut i64) (i64.const 0))
 (memory $0 1)
 (data $1 (i32.const 1068) ",")
 (data $1.1 (i32.const 1080) "\02\00\00\00\12\00\00\00\"\00s\00t\00e\00p\00s\00\"\00:\00[")
 (data $2 (i32.const 1116) ",")
 (data $2.1 (i32.const 1128) "\02\00\00\00\18\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00s\00\"\00:\00{")
 (data $8 (i32.const 1964) "\1c")
 (data $8.1 (i32.const 1976) "\02\00\00\00\0c\00\00\00\"\00s\00t\00a\00y\00\"")
 (data $9 (i32.const 1996) "\1c")
 (data $9.1 (i32.const 2008) "\02\00\00\00\0c\00\00\00\"\00e\00a\00s\00t\00\"")
 (data $10 (i32.const 2028) "\1c")
 (data $10.1 (i32.const 2040) "\02\00\00\00\0c\00\00\00\"\00w\00e\00s\00t\00\"")
 (data $11 (i32.const 2060) ",")
 (data $11.1 (i32.const 2072) "\02\00\00\00\0e\00\00\00\"\00n\00o\00r\00t\00h\00\"")
 (data $12 (i32.const 2108) ",")
 (data $12.1 (i32.const 2120) "\02\00\00\00\0e\00\00\00\"\00s\00o\00u\00t\00h\00\"")
 (data $13 (i32.const 2156) "L")
 (data $13.1 (i32.const 2168) "\02\00\00\004\00\00\00{\00\"\00f\00i\00n\00a\00l\00_\00s\00t\00a\00t\00e\00\"\00:\00{\00\"\00p\00e\00o\00p\00l\00e\00\"\00:\00[")
 (data $14 (i32.const 2236) "<")
 (data $14.1 (i32.const 2248) "\02\00\00\00$\00\00\00{\00\"\00c\00a\00s\00u\00a\00l\00t\00y\00_\00c\00a\00u\00s\00e\00\"\00:")
 (data $15 (i32.const 2300) "<")
 (data $15.1 (i32.const 2312) "\02\00\00\00&\00\00\00,\00{\00\"\00c\00a\00s\00u\00a\00l\00t\00y\00_\00c\00a\00u\00s\00e\00\"\00:")
 (data $16 (i32.const 2364) ",")
 (data $16.1 (i32.const 2376) "\02\00\00\00\1c\00\00\00\"\00e\00n\00t\00e\00r\00e\00d\00_\00f\00i\00r\00e\00\"")
 (data $17 (i32.const 2412) ",")
 (data $17.1 (i32.const 2424) "\02\00\00\00\1a\00\00\00\"\00f\00i\00r\00e\00_\00s\00p\00r\00e\00a\00d\00\"")
 (data $18 (i32.const 2460) "\1c")
 (data $18.1 (i32.const 2472) "\02\00\00\00\08\00\00\00n\00u\00l\00l")
 (data $19 (i32.const 2492) ",")
 (data $19.1 (i32.const 2504) "\02\00\00\00\16\00\00\00,\00\"\00e\00x\00i\00t\00_\00i\00d\00\"\00:")
 (data $20 (i32.const 2540) ",")
 (data $20.1 (i32.const 2552) "\02\00\00\00\1a\00\00\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $21 (i32.const 2588) ",")
 (data $21.1 (i32.const 2600) "\02\00\00\00\18\00\00\00,\00\"\00p\00o\00s\00i\00t\00i\00o\00n\00\"\00:")
 (data $22 (i32.const 2636) "<")
 (data $22.1 (i32.const 2648) "\02\00\00\00&\00\00\00,\00\"\00r\00e\00s\00o\00l\00u\00t\00i\00o\00n\00_\00s\00t\00e\00p\00\"\00:")
 (data $23 (i32.const 2700) "<")
 (data $23.1 (i32.const 2712) "\02\00\00\00&\00\00\00,\00\"\00s\00t\00a\00t\00u\00s\00\"\00:\00\"\00a\00c\00t\00i\00v\00e\00\"\00}")
 (data $24 (i32.const 2764) "<")
 (data $24.1 (i32.const 2776) "\02\00\00\00,\00\00\00,\00\"\00s\00t\00a\00t\00u\00s\00\"\00:\00\"\00e\00v\00a\00c\00u\00a\00t\00e\00d\00\"\00}")
 (data $25 (i32.const 2828) "<")
 (data $25.1 (i32.const 2840) "\02\00\00\00*\00\00\00,\00\"\00s\00t\00a\00t\00u\00s\00\"\00:\00\"\00c\00a\00s\00u\00a\00l\00t\00y\00\"\00}")
 (data $26 (i32.const 2892) ",")
 (data $26.1 (i32.const 2904) "\02\00\00\00\12\00\00\00]\00,\00\"\00s\00t\00e\00p\00\"\00:")
 (data $27 (i32.const 2940) "<")
 (data $27.1 (i32.const 2952) "\02\00\00\00,\00\00\00,\00\"\00t\00e\00r\00m\00i\00n\00a\00t\00i\00o\00n\00_\00r\00e\00a\00s\00o\00n\00\"\00:")
 (data $28 (i32.const 3004) ",")
 (data $28.1 (i32.const 3016) "\02\00\00\00\1c\00\00\00\"\00a\00l\00l\00_\00r\00e\00s\00o\00l\00v\00e\00d\00\"")
 (data $29 (i32.const 3052) ",")
 (data $29.1 (i32.const 3064) "\02\00\00\00\16\00\00\00\"\00m\00a\00x\00_\00s\00t\00e\00p\00s\00\"")
 (data $30 (i32.const 3100) ",")
 (data $30.1 (i32.const 3112) "\02\00\00\00\18\00\00\00,\00\"\00t\00r\00a\00p\00p\00e\00d\00\"\00:\00[")
 (data $31 (i32.const 3148) "\1c")
 (data $31.1 (i32.const 3160) "\02\00\00\00\02\00\00\00,")
 (data $32 (i32.const 3180) ",")
 (data $32.1 (i32.const 3192) "\02\00\00\00\18\00\00\00]\00}\00,\00\"\00h\00e\00a\00d\00e\00r\00\"\00:")
 (data $33 (i32.const 3228) "<")
 (data $33.1 (i32.const 3240) "\02\00\00\00\"\00\00\00,\00\"\00i\00n\00i\00t\00i\00a\00l\00_\00s\00t\00a\00t\00e\00\"\00:")
 (data $34 (i32.const 3292) ",")
 (data $34.1 (i32.const 3304) "\02\00\00\00\18\00\00\00{\00\"\00b\00u\00r\00n\00i\00n\00g\00\"\00:\00[")
 (data $35 (i32.const 3340) ",")
 (data $35.1 (i32.const 3352) "\02\00\00\00\18\00\00\00]\00,\00\"\00p\00e\00o\00p\00l\00e\00\"\00:\00[")
 (data $36 (i32.const 3388) ",")
 (data $36.1 (i32.const 3400) "\02\00\00\00\1a\00\00\00{\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $37 (i32.const 3436) ",")
 (data $37.1 (i32.const 3448) "\02\00\00\00\1c\00\00\00,\00{\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $38 (i32.const 3484) "<")
 (data $38.1 (i32.const 3496) "\02\00\00\00&\00\00\00,\00\"\00t\00e\00r\00m\00i\00n\00a\00t\00e\00d\00\"\00:\00f\00a\00l\00s\00e")
 (data $39 (i32.const 3548) "<")
 (data $39.1 (i32.const 3560) "\02\00\00\00$\00\00\00,\00\"\00t\00e\00r\00m\00i\00n\00a\00t\00e\00d\00\"\00:\00t\00r\00u\00e")
 (data $40 (i32.const 3612) "\1c")
 (data $40.1 (i32.const 3624) "\02\00\00\00\04\00\00\00]\00}")
 (data $41 (i32.const 3644) ",")
 (data $41.1 (i32.const 3656) "\02\00\00\00\14\00\00\00,\00\"\00s\00t\00e\00p\00s\00\"\00:\00[")
 (data $42 (i32.const 3692) ",")
 (data $42.1 (i32.const 3704) "\02\00\00\00\1a\00\00\00,\00{\00\"\00a\00c\00t\00i\00o\00n\00s\00\"\00:\00{")
 (data $43 (i32.const 3740) ",")
 (data $43.1 (i32.const 3752) "\02\00\00\00\0e\00\00\00:\00\"\00s\00t\00a\00y\00\"")
 (data $44 (i32.const 3788) ",")
 (data $44.1 (i32.const 3800) "\02\00\00\00\10\00\00\00:\00\"\00n\00o\00r\00t\00h\00\"")
 (data $45 (i32.const 3836) ",")
 (data $45.1 (i32.const 3848) "\02\00\00\00\0e\00\00\00:\00\"\00e\00a\00s\00t\00\"")
 (data $46 (i32.const 3884) ",")
 (data $46.1 (i32.const 3896) "\02\00\00\00\10\00\00\00:\00\"\00s\00o\00u\00t\00h\00\"")
 (data $47 (i32.const 3932) ",")
 (data $47.1 (i32.const 3944) "\02\00\00\00\0e\00\00\00:\00\"\00w\00e\00s\00t\00\"")
 (data $48 (i32.const 3980) "<")
 (data $48.1 (i32.const 3992) "\02\00\00\00 \00\00\00}\00,\00\"\00c\00a\00s\00u\00a\00l\00t\00i\00e\00s\00\"\00:\00[")
 (data $49 (i32.const 4044) ",")
 (data $49.1 (i32.const 4056) "\02\00\00\00\12\00\00\00{\00\"\00c\00a\00u\00s\00e\00\"\00:")
 (data $50 (i32.const 4092) ",")
 (data $50.1 (i32.const 4104) "\02\00\00\00\14\00\00\00,\00{\00\"\00c\00a\00u\00s\00e\00\"\00:")
 (data $51 (i32.const 4140) "\1c")
 (data $51.1 (i32.const 4152) "\02\00\00\00\02\00\00\00}")
 (data $52 (i32.const 4172) "<")
 (data $52.1 (i32.const 4184) "\02\00\00\00\"\00\00\00]\00,\00\"\00e\00v\00a\00c\00u\00a\00t\00i\00o\00n\00s\00\"\00:\00[")
 (data $53 (i32.const 4236) ",")
 (data $53.1 (i32.const 4248) "\02\00\00\00\16\00\00\00{\00\"\00e\00x\00i\00t\00_\00i\00d\00\"\00:")
 (data $54 (i32.const 4284) ",")
 (data $54.1 (i32.const 4296) "\02\00\00\00\18\00\00\00,\00{\00\"\00e\00x\00i\00t\00_\00i\00d\00\"\00:")
 (data $55 (i32.const 4332) "<")
 (data $55.1 (i32.const 4344) "\02\00\00\00\1e\00\00\00]\00,\00\"\00i\00g\00n\00i\00t\00i\00o\00n\00s\00\"\00:\00[")
 (data $56 (i32.const 4396) "<")
 (data $56.1 (i32.const 4408) "\02\00\00\00\1e\00\00\00]\00,\00\"\00m\00o\00v\00e\00m\00e\00n\00t\00s\00\"\00:\00[")
 (data $57 (i32.const 4460) "L")
 (data $57.1 (i32.const 4472) "\02\00\00\004\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00\"\00:\00\"\00s\00t\00a\00y\00\"\00,\00\"\00o\00r\00i\00g\00i\00n\00\"\00:")
 (data $58 (i32.const 4540) "L")
 (data $58.1 (i32.const 4552) "\02\00\00\006\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00\"\00:\00\"\00n\00o\00r\00t\00h\00\"\00,\00\"\00o\00r\00i\00g\00i\00n\00\"\00:")
 (data $59 (i32.const 4620) "L")
 (data $59.1 (i32.const 4632) "\02\00\00\004\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00\"\00:\00\"\00e\00a\00s\00t\00\"\00,\00\"\00o\00r\00i\00g\00i\00n\00\"\00:")
 (data $60 (i32.const 4700) "L")
 (data $60.1 (i32.const 4712) "\02\00\00\006\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00\"\00:\00\"\00s\00o\00u\00t\00h\00\"\00,\00\"\00o\00r\00i\00g\00i\00n\00\"\00:")
 (data $61 (i32.const 4780) "L")
 (data $61.1 (i32.const 4792) "\02\00\00\004\00\00\00{\00\"\00a\00c\00t\00i\00o\00n\00\"\00:\00\"\00w\00e\00s\00t\00\"\00,\00\"\00o\00r\00i\00g\00i\00n\00\"\00:")
 (data $62 (i32.const 4860) "\\")
 (data $62.1 (i32.const 4872) "\02\00\00\00@\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00s\00t\00a\00y\00e\00d\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $63 (i32.const 4956) "\\")
 (data $63.1 (i32.const 4968) "\02\00\00\00>\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00m\00o\00v\00e\00d\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $64 (i32.const 5052) "l")
 (data $64.1 (i32.const 5064) "\02\00\00\00T\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00b\00o\00u\00n\00d\00a\00r\00y\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $65 (i32.const 5164) "\\")
 (data $65.1 (i32.const 5176) "\02\00\00\00L\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00w\00a\00l\00l\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $66 (i32.const 5260) "\\")
 (data $66.1 (i32.const 5272) "\02\00\00\00L\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00f\00i\00r\00e\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $67 (i32.const 5356) "l")
 (data $67.1 (i32.const 5368) "\02\00\00\00T\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00o\00c\00c\00u\00p\00i\00e\00d\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $68 (i32.const 5468) "l")
 (data $68.1 (i32.const 5480) "\02\00\00\00T\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00c\00o\00n\00f\00l\00i\00c\00t\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $69 (i32.const 5580) "l")
 (data $69.1 (i32.const 5592) "\02\00\00\00N\00\00\00,\00\"\00o\00u\00t\00c\00o\00m\00e\00\"\00:\00\"\00b\00l\00o\00c\00k\00e\00d\00_\00c\00y\00c\00l\00e\00\"\00,\00\"\00p\00e\00r\00s\00o\00n\00_\00i\00d\00\"\00:")
 (data $70 (i32.const 5692) "<")
 (data $70.1 (i32.const 5704) "\02\00\00\00\1e\00\00\00,\00\"\00t\00a\00r\00g\00e\00t\00\"\00:\00n\00u\00l\00l\00}")
 (data $71 (i32.const 5756) ",")
 (data $71.1 (i32.const 5768) "\02\00\00\00\14\00\00\00,\00\"\00t\00a\00r\00g\00e\00t\00\"\00:")
 (data $72 (i32.const 5804) ",")
 (data $72.1 (i32.const 5816) "\02\00\00\00\14\00\00\00]\00,\00\"\00s\00t\00a\00t\00e\00\"\00:")
 (data $73 (i32.const 5852) ",")
 (data $73.1 (i32.const 5864) "\02\00\00\00\10\00\00\00,\00\"\00s\00t\00e\00p\00\"\00:")
 (export "heapBase" (func $assembly/replay/heapBase))
 (export "region" (func $assembly/replay/region))
 (export "prepare" (func $assembly/replay/prepare))
 (export "run" (func $assembly/replay/run))
 (export "prepareText" (func $assembly/replay/prepareText))
 (export "readTextLog" (func $assembly/replay/readTextLog))
 (export "compareText" (func $assembly/replay/compareText))
 (export "begin" (func $assembly/replay/begin))
 (export "stepOnce" (func $assembly/replay/stepOnce))
 (export "regrow" (func $assembly/replay/regrow))
 (export "stepCount" (func $assembly/replay/stepCount))
 (export "terminationCode" (func $assembly/replay/terminationCode))
 (export "entriesConsumed" (func $assembly/replay/entriesConsumed))
 (export "checkTrace" (func $assembly/replay/checkTrace))
 (export "ignitesWord" (func $assembly/replay/ignitesWord))
 (export "streamWords" (func $assembly/replay/streamWords))
 (export "streamUniform" (func $assembly/replay/streamUniform))
 (export "checkedItem" (func $assembly/trace_checks/checkedItem))
 (export "checkedStep" (func $assembly/trace_checks/checkedStep))
 (export "memory" (memory $0))
 (start $~start)
 (func $assembly/record_text/chars (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  global.get $assembly/record_text/textLength
  global.get $assembly/record_text/pos
  local.get $1
  i32.add
  i32.lt_s
  if
   global.get $assembly/record_text/textLength
   global.get $assembly/record_text/pos
   i32.sub
   local.set $1
   global.get $assembly/record_text/text
   global.get $assembly/record_text/pos
   i32.add
   local.set $3
   block $__inlined_func$assembly/record_text/slowChars$13
    loop $for-loop|0
     local.get $1
     local.get $2
     i32.gt_s
     if
      local.get $2
      local.get $3
      i32.add
      i32.load8_u
      local.get $0
      local.get $2
      i32.const 1
      i32.shl
      i32.add
      i32.load16_u
      i32.const 255
      i32.and
      i32.ne
      if
       global.get $assembly/record_text/pos
       local.get $2
       i32.add
       global.set $assembly/record_text/diff
       br $__inlined_func$assembly/record_text/slowChars$13
      end
      local.get $2
      i32.const 1
      i32.add
      local.set $2
      br $for-loop|0
     end
    end
    global.get $assembly/record_text/pos
    local.get $1
    i32.add
    global.set $assembly/record_text/diff
   end
   return
  end
  global.get $assembly/record_text/text
  global.get $assembly/record_text/pos
  i32.add
  local.set $4
  loop $for-loop|00
   local.get $1
   local.get $2
   i32.gt_s
   if
    i32.const 255
    i32.const 1
    local.get $1
    local.get $2
    i32.sub
    local.tee $3
    i32.shl
    i32.const 1
    i32.sub
    local.get $3
    i32.const 8
    i32.ge_s
    select
    local.tee $3
    local.get $2
    local.get $4
    i32.add
    v128.load8x8_u align=1
    local.get $0
    local.get $2
    i32.const 1
    i32.shl
    i32.add
    v128.load
    i16x8.eq
    i16x8.bitmask
    local.tee $5
    local.get $3
    i32.and
    i32.ne
    if
     local.get $5
     i32.const -1
     i32.xor
     local.get $3
     i32.and
     i32.ctz
     global.get $assembly/record_text/pos
     local.get $2
     i32.add
     i32.add
     global.set $assembly/record_text/diff
     return
    end
    local.get $2
    i32.const 8
    i32.add
    local.set $2
    br $for-loop|00
   end
  end
  global.get $assembly/record_text/pos
  local.get $1
  i32.add
  global.set $assembly/record_text/pos
 )
 (func $assembly/record_text/name (param $0 i32)
  (local $1 i32)
  local.get $0
  if (result i32)
   global.get $assembly/record_text/nameEnds
   local.get $0
   i32.const 1
   i32.sub
   i32.const 2
   i32.shl
   i32.add
   i32.load
  else
   i32.const 0
  end
  local.tee $1
  global.get $assembly/record_text/names
  i32.add
  global.get $assembly/record_text/nameEnds
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  local.get $1
  i32.sub
  call $assembly/record_text/bytes
 )
 (func $assembly/record_text/cell (param $0 i32)
  (local $1 i32)
  global.get $assembly/record_text/cached
  if
   global.get $assembly/record_text/cellTexts
   local.get $0
   i32.const 4
   i32.shl
   i32.add
   local.tee $0
   i32.const 1
   i32.add
   local.get $0
   i32.load8_u
   call $assembly/record_text/bytes
  else
   local.get $0
   global.get $assembly/record_text/width
   i32.div_s
   local.tee $1
   local.get $0
   local.get $1
   global.get $assembly/record_text/width
   i32.mul
   i32.sub
   call $assembly/record_text/rowCol
  end
 )
 (func $assembly/replay/prepare (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (result i32)
  (local $6 i64)
  local.get $0
  global.set $assembly/replay/width
  local.get $1
  global.set $assembly/replay/height
  local.get $0
  local.get $1
  i32.mul
  global.set $assembly/replay/cells
  local.get $2
  global.set $assembly/replay/people
  local.get $3
  global.set $assembly/replay/ignitionCount
  local.get $4
  global.set $assembly/replay/logLength
  local.get $5
  global.set $assembly/replay/logSteps
  i32.const 1384
  global.get $assembly/replay/cells
  i32.store
  i32.const 1388
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  local.tee $0
  i32.store
  i32.const 1392
  local.get $2
  i32.const 2
  i32.shl
  local.tee $1
  i32.store
  i32.const 1396
  local.get $3
  i32.const 2
  i32.shl
  i32.store
  i32.const 1400
  local.get $4
  i32.store
  i32.const 1404
  local.get $4
  i32.store
  i32.const 1408
  local.get $4
  i32.store
  i32.const 1412
  local.get $5
  i32.const 1
  i32.add
  i32.const 2
  i32.shl
  local.tee $3
  i32.store
  i32.const 1416
  local.get $3
  i32.store
  i32.const 1420
  local.get $0
  i32.store
  i32.const 1424
  local.get $3
  i32.store
  i32.const 1428
  local.get $2
  local.get $4
  i32.add
  i32.const 2
  i32.shl
  i32.store
  i32.const 1432
  local.get $2
  i32.store
  i32.const 1436
  local.get $1
  i32.store
  i32.const 1440
  global.get $assembly/replay/cells
  i32.store
  i32.const 1444
  local.get $0
  i32.store
  i32.const 1448
  local.get $0
  i32.store
  i32.const 1452
  local.get $0
  i32.store
  i32.const 1456
  local.get $1
  i32.store
  i32.const 1460
  local.get $0
  i32.store
  i32.const 1464
  local.get $0
  i32.store
  i32.const 1468
  local.get $1
  i32.store
  i32.const 1472
  local.get $1
  i32.store
  i32.const 1476
  local.get $1
  i32.store
  i32.const 1480
  local.get $2
  i32.store
  i32.const 1484
  global.get $assembly/replay/cells
  i32.store
  i32.const 1488
  local.get $0
  i32.store
  i32.const 1492
  local.get $0
  i32.store
  i32.const 1496
  local.get $2
  i32.store
  i32.const 1500
  local.get $2
  i32.store
  i32.const 1504
  local.get $5
  i32.const 2
  i32.shl
  i32.store
  i32.const 1508
  global.get $assembly/replay/cells
  i32.store
  i32.const 1512
  local.get $0
  i32.store
  i32.const 1516
  global.get $assembly/replay/cells
  i32.store
  i32.const 1520
  local.get $0
  i32.store
  i32.const 1544
  local.get $1
  i32.store
  i32.const 1548
  local.get $1
  i32.store
  i32.const 1552
  local.get $2
  i32.store
  i32.const 1556
  global.get $assembly/replay/cells
  i32.store
  i32.const 1560
  local.get $0
  i32.store
  i32.const 1564
  local.get $0
  i32.store
  i32.const 1568
  local.get $0
  i32.store
  i32.const 1572
  local.get $1
  i32.store
  i64.const 5904
  local.set $6
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   i32.const 48
   i32.lt_s
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1168
    i32.add
    local.get $6
    i64.store32
    local.get $6
    local.get $1
    i32.const 1384
    i32.add
    i64.load32_u
    i64.add
    i64.const 7
    i64.add
    i64.const -8
    i64.and
    local.set $6
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $6
  global.set $assembly/replay/preparedTop
  local.get $6
  i64.const 4294901760
  i64.gt_u
  if
   i32.const -1
   return
  end
  local.get $6
  i64.const 65535
  i64.add
  i64.const 16
  i64.shr_u
  i32.wrap_i64
  local.tee $0
  memory.size
  local.tee $1
  i32.gt_s
  if (result i32)
   local.get $0
   local.get $1
   i32.sub
   memory.grow
   i32.const 0
   i32.lt_s
  else
   i32.const 0
  end
  if
   i32.const -1
   return
  end
  i32.const 0
 )
 (func $assembly/record_text/int (param $0 i32)
  (local $1 i32)
  (local $2 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.ge_s
  if
   return
  end
  i32.const 0
  local.get $0
  i32.sub
  local.get $0
  local.get $0
  i32.const 0
  i32.lt_s
  select
  local.set $2
  i32.const 1056
  local.set $1
  loop $do-loop|0
   local.get $1
   i32.const 1
   i32.sub
   local.tee $1
   local.get $2
   i32.const 10
   i32.rem_u
   i32.const 48
   i32.add
   i32.store8
   local.get $2
   i32.const 10
   i32.div_u
   local.tee $2
   br_if $do-loop|0
  end
  local.get $0
  i32.const 0
  i32.lt_s
  if
   local.get $1
   i32.const 1
   i32.sub
   local.tee $1
   i32.const 45
   i32.store8
  end
  local.get $1
  i32.const 1056
  local.get $1
  i32.sub
  call $assembly/record_text/bytes
 )
 (func $assembly/record_text/bytes (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.ge_s
  if
   return
  end
  global.get $assembly/record_text/textLength
  global.get $assembly/record_text/pos
  local.get $1
  i32.add
  i32.lt_s
  if
   global.get $assembly/record_text/textLength
   global.get $assembly/record_text/pos
   i32.sub
   local.set $1
   global.get $assembly/record_text/text
   global.get $assembly/record_text/pos
   i32.add
   local.set $3
   block $__inlined_func$assembly/record_text/slowBytes$14
    loop $for-loop|0
     local.get $1
     local.get $2
     i32.gt_s
     if
      local.get $2
      local.get $3
      i32.add
      i32.load8_u
      local.get $0
      local.get $2
      i32.add
      i32.load8_u
      i32.ne
      if
       global.get $assembly/record_text/pos
       local.get $2
       i32.add
       global.set $assembly/record_text/diff
       br $__inlined_func$assembly/record_text/slowBytes$14
      end
      local.get $2
      i32.const 1
      i32.add
      local.set $2
      br $for-loop|0
     end
    end
    global.get $assembly/record_text/pos
    local.get $1
    i32.add
    global.set $assembly/record_text/diff
   end
   return
  end
  global.get $assembly/record_text/text
  global.get $assembly/record_text/pos
  i32.add
  local.set $4
  loop $for-loop|00
   local.get $1
   local.get $2
   i32.gt_s
   if
    i32.const 65535
    i32.const 1
    local.get $1
    local.get $2
    i32.sub
    local.tee $3
    i32.shl
    i32.const 1
    i32.sub
    local.get $3
    i32.const 16
    i32.ge_s
    select
    local.tee $3
    local.get $2
    local.get $4
    i32.add
    v128.load
    local.get $0
    local.get $2
    i32.add
    v128.load
    i8x16.eq
    i8x16.bitmask
    local.tee $5
    local.get $3
    i32.and
    i32.ne
    if
     local.get $5
     i32.const -1
     i32.xor
     local.get $3
     i32.and
     i32.ctz
     global.get $assembly/record_text/pos
     local.get $2
     i32.add
     i32.add
     global.set $assembly/record_text/diff
     return
    end
    local.get $2
    i32.const 16
    i32.add
    local.set $2
    br $for-loop|00
   end
  end
  global.get $assembly/record_text/pos
  local.get $1
  i32.add
  global.set $assembly/record_text/pos
 )
 (func $assembly/trace_checks/trappedHolds (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  global.get $assembly/trace_checks/table
  i32.load offset=40
  local.set $5
  global.get $assembly/trace_checks/table
  i32.load offset=44
  local.set $2
  global.get $assembly/trace_checks/table
  i32.load offset=168
  local.set $3
  global.get $assembly/trace_checks/table
  i32.load offset=164
  local.set $4
  local.get $0
  if (result i32)
   local.get $5
   local.get $0
   i32.const 1
   i32.sub
   i32.const 2
   i32.shl
   i32.add
   i32.load
  else
   i32.const 0
  end
  local.set $1
  local.get $5
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  local.set $5
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   global.get $assembly/trace_checks/people
   i32.lt_s
   if
    local.get $0
    local.get $3
    i32.add
    i32.load8_u
    if (result i32)
     i32.const 1
    else
     local.get $4
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     call $assembly/trace_checks/reachable
    end
    i32.eqz
    if
     local.get $1
     local.get $5
     i32.ge_s
     if (result i32)
      i32.const 1
     else
      local.get $0
      local.get $2
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.ne
     end
     if
      i32.const 0
      return
     end
     local.get $1
     i32.const 1
     i32.add
     local.set $1
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $1
  local.get $5
  i32.eq
 )
 (func $assembly/replay/step (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  i32.const 1216
  i32.load
  local.set $3
  global.get $assembly/replay/activeCount
  i32.const 1288
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  i32.load
  local.tee $2
  global.get $assembly/replay/consumed
  i32.sub
  i32.ne
  local.get $2
  global.get $assembly/replay/logLength
  i32.gt_s
  i32.or
  if
   i32.const 3
   return
  end
  call $assembly/replay/resolveIntents
  i32.eqz
  if
   i32.const 2
   return
  end
  global.get $assembly/replay/steps
  i32.const 1
  i32.add
  global.set $assembly/replay/steps
  i32.const 1280
  i32.load
  local.set $4
  i32.const 1284
  i32.load
  local.set $5
  i32.const 1244
  i32.load
  local.set $9
  i32.const 1248
  i32.load
  local.set $10
  i32.const 1252
  i32.load
  local.set $2
  i32.const 1256
  i32.load
  local.set $11
  global.get $assembly/replay/contestedCount
  local.tee $12
  i32.const 1
  i32.gt_s
  if
   local.get $12
   i32.const 16
   i32.le_s
   if
    i32.const 1
    local.set $8
    loop $for-loop|0
     local.get $8
     local.get $12
     i32.lt_s
     if
      local.get $11
      local.get $8
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $13
      local.get $8
      i32.const 1
      i32.sub
      local.set $7
      loop $while-continue|1
       local.get $7
       i32.const 0
       i32.ge_s
       if (result i32)
        local.get $13
        local.get $11
        local.get $7
        i32.const 2
        i32.shl
        i32.add
        i32.load
        i32.lt_s
       else
        i32.const 0
       end
       if
        local.get $11
        local.get $7
        i32.const 1
        i32.add
        i32.const 2
        i32.shl
        i32.add
        local.get $11
        local.get $7
        i32.const 2
        i32.shl
        i32.add
        i32.load
        i32.store
        local.get $7
        i32.const 1
        i32.sub
        local.set $7
        br $while-continue|1
       end
      end
      local.get $11
      local.get $7
      i32.const 1
      i32.add
      i32.const 2
      i32.shl
      i32.add
      local.get $13
      i32.store
      local.get $8
      i32.const 1
      i32.add
      local.set $8
      br $for-loop|0
     end
    end
   else
    local.get $11
    local.get $12
    call $assembly/replay/sort
   end
  end
  loop $for-loop|00
   local.get $6
   local.get $12
   i32.lt_s
   if
    local.get $9
    local.get $11
    local.get $6
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    local.tee $8
    i32.add
    i64.load32_s
    call $assembly/replay/movementUniform
    i32.wrap_i64
    local.set $13
    i32.const 0
    local.set $7
    local.get $8
    local.get $10
    i32.add
    i32.load
    local.set $8
    loop $for-loop|1
     local.get $8
     i32.const 0
     i32.ge_s
     if
      local.get $7
      local.get $13
      i32.ne
      if
       local.get $4
       local.get $8
       i32.add
       i32.const 6
       i32.store8
      end
      local.get $7
      i32.const 1
      i32.add
      local.set $7
      local.get $2
      local.get $8
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $8
      br $for-loop|1
     end
    end
    local.get $6
    i32.const 1
    i32.add
    local.set $6
    br $for-loop|00
   end
  end
  call $assembly/replay/resolveChains
  global.get $assembly/replay/startsOnExit
  if
   i32.const 1176
   i32.load
   local.set $2
   i32.const 1232
   i32.load
   local.set $6
   i32.const 1224
   i32.load
   local.set $7
   i32.const 1216
   i32.load
   local.set $8
   i32.const 1172
   i32.load
   local.set $9
   i32.const 1284
   i32.load
   local.set $10
   loop $for-loop|01
    local.get $1
    global.get $assembly/replay/people
    i32.lt_s
    if
     local.get $1
     local.get $8
     i32.add
     i32.load8_u
     i32.eqz
     if
      local.get $9
      local.get $2
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $11
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.const 0
      i32.ge_s
      if (result i32)
       local.get $7
       local.get $11
       i32.add
       i32.load8_u
      else
       i32.const 1
      end
      i32.eqz
      if
       local.get $1
       local.get $8
       i32.add
       i32.const 1
       i32.store8
       local.get $6
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       i32.const -1
       i32.store
       local.get $1
       local.get $10
       i32.add
       i32.const 1
       i32.store8
      end
     end
     local.get $1
     i32.const 1
     i32.add
     local.set $1
     br $for-loop|01
    end
   end
  end
  global.get $assembly/replay/ignitedTotal
  local.set $2
  call $assembly/replay/spreadFire
  i32.const 1232
  i32.load
  local.set $6
  i32.const 1204
  i32.load
  local.set $7
  local.get $2
  local.set $1
  loop $for-loop|002
   local.get $1
   global.get $assembly/replay/ignitedTotal
   i32.lt_s
   if
    local.get $6
    local.get $7
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    i32.add
    local.tee $8
    i32.load
    local.tee $9
    i32.const 0
    i32.ge_s
    if
     local.get $3
     local.get $9
     i32.add
     i32.const 2
     i32.store8
     local.get $8
     i32.const -1
     i32.store
     local.get $5
     local.get $9
     i32.add
     i32.const 3
     i32.store8
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|002
   end
  end
  i32.const 1200
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  global.get $assembly/replay/ignitedTotal
  i32.store
  global.get $assembly/replay/ignitedTotal
  local.get $2
  i32.gt_s
  if
   i32.const 0
   local.set $8
   i32.const 0
   local.set $1
   global.get $assembly/replay/search
   i32.const 1
   i32.add
   global.set $assembly/replay/search
   i32.const 1236
   i32.load
   local.set $2
   i32.const 1276
   i32.load
   local.set $3
   i32.const 1292
   i32.load
   local.set $6
   i32.const 1296
   i32.load
   local.set $7
   loop $for-loop|03
    local.get $8
    global.get $assembly/replay/exitCount
    i32.lt_s
    if
     local.get $6
     local.get $7
     local.get $8
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $9
     i32.add
     i32.load8_u
     i32.eqz
     if
      local.get $2
      local.get $9
      i32.const 2
      i32.shl
      i32.add
      global.get $assembly/replay/search
      i32.store
      local.get $3
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      local.get $9
      i32.store
      local.get $1
      i32.const 1
      i32.add
      local.set $1
     end
     local.get $8
     i32.const 1
     i32.add
     local.set $8
     br $for-loop|03
    end
   end
   i32.const 0
   global.set $assembly/replay/searchHead
   local.get $1
   global.set $assembly/replay/searchTail
  end
  i32.const 1188
  i32.load
  local.set $2
  i32.const 1192
  i32.load
  local.set $3
  i32.const 1220
  i32.load
  local.set $6
  i32.const 1176
  i32.load
  local.set $9
  i32.const 1212
  i32.load
  local.set $10
  i32.const 0
  local.set $8
  global.get $assembly/replay/consumed
  local.set $7
  i32.const 0
  local.set $1
  loop $for-loop|14
   local.get $1
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $1
    local.get $4
    i32.add
    i32.load8_u
    local.tee $11
    i32.const 255
    i32.ne
    if
     local.get $1
     local.get $5
     i32.add
     i32.load8_u
     local.set $12
     local.get $2
     local.get $7
     i32.add
     local.get $11
     i32.store8
     local.get $3
     local.get $7
     i32.add
     local.get $12
     i32.store8
     local.get $7
     i32.const 1
     i32.add
     local.set $7
     local.get $12
     if
      local.get $6
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      global.get $assembly/replay/steps
      i32.store
     else
      local.get $8
      i32.const 1
      i32.add
      local.set $8
      local.get $9
      local.get $1
      i32.const 2
      i32.shl
      i32.add
      i32.load
      call $assembly/replay/reachable
      i32.eqz
      if
       global.get $assembly/replay/trappedTotal
       local.tee $11
       i32.const 1
       i32.add
       global.set $assembly/replay/trappedTotal
       local.get $10
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       local.get $1
       i32.store
      end
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|14
   end
  end
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  local.tee $1
  i32.const 1208
  i32.load
  i32.add
  global.get $assembly/replay/trappedTotal
  i32.store
  local.get $7
  global.set $assembly/replay/consumed
  local.get $8
  global.set $assembly/replay/activeCount
  i32.const 1196
  i32.load
  local.get $1
  i32.add
  global.get $assembly/replay/consumed
  i32.store
  local.get $8
  i32.const 0
  i32.gt_s
  if (result i32)
   i32.const 2
   i32.const 0
   global.get $assembly/replay/steps
   local.get $0
   i32.ge_s
   select
  else
   i32.const 1
  end
  global.set $assembly/replay/termination
  i32.const 0
 )
 (func $assembly/replay/sort (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  local.get $1
  i32.const 1
  i32.shr_s
  i32.const 1
  i32.sub
  local.set $4
  loop $for-loop|0
   local.get $4
   i32.const 0
   i32.ge_s
   if
    local.get $0
    local.get $4
    local.tee $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $5
    loop $for-loop|00
     block $for-break0
      local.get $2
      i32.const 1
      i32.shl
      i32.const 1
      i32.add
      local.tee $3
      local.get $1
      i32.ge_s
      br_if $for-break0
      local.get $0
      local.get $3
      i32.const 1
      i32.add
      local.tee $6
      local.get $3
      local.get $1
      local.get $6
      i32.gt_s
      if (result i32)
       local.get $0
       local.get $6
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.get $0
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.gt_s
      else
       i32.const 0
      end
      select
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $6
      local.get $5
      i32.le_s
      br_if $for-break0
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      local.get $6
      i32.store
      local.get $3
      local.set $2
      br $for-loop|00
     end
    end
    local.get $0
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $5
    i32.store
    local.get $4
    i32.const 1
    i32.sub
    local.set $4
    br $for-loop|0
   end
  end
  local.get $1
  i32.const 1
  i32.sub
  local.set $1
  loop $for-loop|1
   local.get $1
   i32.const 0
   i32.gt_s
   if
    local.get $0
    i32.load
    local.set $2
    local.get $0
    local.get $0
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    local.tee $3
    i32.load
    i32.store
    local.get $3
    local.get $2
    i32.store
    i32.const 0
    local.set $2
    local.get $0
    i32.load
    local.set $4
    loop $for-loop|01
     block $for-break02
      local.get $2
      i32.const 1
      i32.shl
      i32.const 1
      i32.add
      local.tee $3
      local.get $1
      i32.ge_s
      br_if $for-break02
      local.get $0
      local.get $3
      i32.const 1
      i32.add
      local.tee $5
      local.get $3
      local.get $1
      local.get $5
      i32.gt_s
      if (result i32)
       local.get $0
       local.get $5
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.get $0
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.gt_s
      else
       i32.const 0
      end
      select
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $5
      local.get $4
      i32.le_s
      br_if $for-break02
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      local.get $5
      i32.store
      local.get $3
      local.set $2
      br $for-loop|01
     end
    end
    local.get $0
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $4
    i32.store
    local.get $1
    i32.const 1
    i32.sub
    local.set $1
    br $for-loop|1
   end
  end
 )
 (func $assembly/replay/reachable (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  global.get $assembly/replay/search
  i32.const 1236
  i32.load
  local.tee $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
  if
   i32.const 1
   return
  end
  i32.const 1276
  i32.load
  local.set $5
  i32.const 1292
  i32.load
  local.set $6
  i32.const 1300
  i32.load
  local.set $7
  global.get $assembly/replay/searchHead
  local.set $2
  global.get $assembly/replay/searchTail
  local.set $1
  loop $while-continue|0
   local.get $1
   local.get $2
   i32.gt_s
   if
    block $while-break|0
     local.get $2
     local.tee $3
     i32.const 1
     i32.add
     local.set $2
     local.get $7
     local.get $5
     local.get $3
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $3
     i32.add
     i32.load8_u
     local.tee $8
     i32.const 1
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      global.get $assembly/replay/width
      i32.sub
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 2
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      i32.const 1
      i32.add
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 4
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      global.get $assembly/replay/width
      i32.add
      local.tee $9
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $9
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $9
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $8
     i32.const 8
     i32.and
     if
      global.get $assembly/replay/search
      local.get $4
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $3
       local.get $6
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      i32.eqz
      if
       local.get $4
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/replay/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $3
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     global.get $assembly/replay/search
     local.get $4
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     i32.eq
     br_if $while-break|0
     br $while-continue|0
    end
   end
  end
  local.get $2
  global.set $assembly/replay/searchHead
  local.get $1
  global.set $assembly/replay/searchTail
  global.get $assembly/replay/search
  local.get $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
 )
 (func $assembly/replay/movementUniform (param $0 i64) (result i64)
  (local $1 i64)
  (local $2 i64)
  local.get $0
  i64.const 1
  i64.sub
  local.tee $1
  local.get $0
  i64.and
  i64.eqz
  if
   global.get $assembly/replay/movementState
   i64.const 7046029254386353131
   i64.sub
   global.set $assembly/replay/movementState
   local.get $1
   global.get $assembly/replay/movementState
   local.tee $0
   local.get $0
   i64.const 30
   i64.shr_u
   i64.xor
   i64.const -4658895280553007687
   i64.mul
   local.tee $0
   local.get $0
   i64.const 27
   i64.shr_u
   i64.xor
   i64.const -7723592293110705685
   i64.mul
   local.tee $0
   local.get $0
   i64.const 31
   i64.shr_u
   i64.xor
   i64.and
   return
  end
  loop $do-loop|0
   global.get $assembly/replay/movementState
   i64.const 7046029254386353131
   i64.sub
   global.set $assembly/replay/movementState
   i64.const 0
   local.get $0
   i64.sub
   local.get $0
   i64.rem_u
   local.tee $1
   i64.eqz
   global.get $assembly/replay/movementState
   local.tee $2
   local.get $2
   i64.const 30
   i64.shr_u
   i64.xor
   i64.const -4658895280553007687
   i64.mul
   local.tee $2
   local.get $2
   i64.const 27
   i64.shr_u
   i64.xor
   i64.const -7723592293110705685
   i64.mul
   local.tee $2
   local.get $2
   i64.const 31
   i64.shr_u
   i64.xor
   local.tee $2
   i64.const 0
   local.get $1
   i64.sub
   i64.lt_u
   i32.or
   i32.eqz
   br_if $do-loop|0
  end
  local.get $2
  local.get $0
  i64.rem_u
 )
 (func $assembly/replay/initialState
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  i32.const 0
  global.set $assembly/replay/steps
  i32.const 0
  global.set $assembly/replay/termination
  i32.const 0
  global.set $assembly/replay/consumed
  i32.const 0
  global.set $assembly/replay/burningCount
  i32.const 0
  global.set $assembly/replay/ignitedTotal
  i32.const 0
  global.set $assembly/replay/trappedTotal
  i32.const 1224
  i32.load
  local.set $3
  i32.const 1228
  i32.load
  local.set $4
  i32.const 1232
  i32.load
  local.set $5
  i32.const 1328
  i32.load
  i32.const 1176
  i32.load
  local.tee $6
  global.get $assembly/replay/people
  i32.const 2
  i32.shl
  local.tee $0
  memory.copy
  local.get $3
  i32.const 0
  global.get $assembly/replay/cells
  memory.fill
  i32.const 1268
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  memory.fill
  i32.const 1244
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  local.tee $7
  memory.fill
  i32.const 1248
  i32.load
  i32.const 255
  local.get $7
  memory.fill
  local.get $5
  i32.const 255
  local.get $7
  memory.fill
  i32.const 1264
  i32.load
  i32.const 0
  global.get $assembly/replay/people
  memory.fill
  i32.const 1216
  i32.load
  i32.const 0
  global.get $assembly/replay/people
  memory.fill
  i32.const 1220
  i32.load
  i32.const 255
  local.get $0
  memory.fill
  i32.const 1360
  i32.const 0
  i32.store
  i32.const 1364
  i32.const 0
  global.get $assembly/replay/width
  i32.sub
  i32.store
  i32.const 1368
  i32.const 1
  i32.store
  i32.const 1372
  global.get $assembly/replay/width
  i32.store
  i32.const 1376
  i32.const -1
  i32.store
  i32.const 1300
  i32.load
  local.set $7
  loop $for-loop|0
   local.get $1
   global.get $assembly/replay/height
   i32.lt_s
   if
    i32.const 0
    local.set $0
    loop $for-loop|1
     local.get $0
     global.get $assembly/replay/width
     i32.lt_s
     if
      local.get $1
      global.get $assembly/replay/width
      i32.mul
      local.get $0
      i32.add
      local.get $7
      i32.add
      local.get $1
      i32.const 0
      i32.gt_s
      local.tee $8
      i32.const 2
      i32.or
      local.get $8
      local.get $0
      global.get $assembly/replay/width
      i32.const 1
      i32.sub
      i32.lt_s
      select
      local.tee $8
      i32.const 4
      i32.or
      local.get $8
      local.get $1
      global.get $assembly/replay/height
      i32.const 1
      i32.sub
      i32.lt_s
      select
      local.tee $8
      i32.const 8
      i32.or
      local.get $8
      local.get $0
      i32.const 0
      i32.gt_s
      select
      i32.store8
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|1
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
  i32.const 1292
  i32.load
  local.tee $7
  i32.const 1168
  i32.load
  global.get $assembly/replay/cells
  memory.copy
  i32.const 1236
  i32.load
  i32.const 0
  global.get $assembly/replay/cells
  i32.const 2
  i32.shl
  memory.fill
  i32.const 0
  global.set $assembly/replay/search
  i32.const 1172
  i32.load
  local.set $8
  i32.const 1296
  i32.load
  local.set $1
  i32.const 0
  global.set $assembly/replay/exitCount
  i32.const 0
  local.set $0
  loop $for-loop|2
   local.get $0
   global.get $assembly/replay/cells
   i32.lt_s
   if
    local.get $8
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 0
    i32.ge_s
    if
     global.get $assembly/replay/exitCount
     local.tee $9
     i32.const 1
     i32.add
     global.set $assembly/replay/exitCount
     local.get $1
     local.get $9
     i32.const 2
     i32.shl
     i32.add
     local.get $0
     i32.store
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|2
   end
  end
  i32.const 1180
  i32.load
  local.set $9
  i32.const 0
  local.set $0
  loop $for-loop|3
   local.get $0
   global.get $assembly/replay/ignitionCount
   i32.lt_s
   if
    local.get $3
    local.get $9
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $10
    i32.add
    i32.const 1
    i32.store8
    local.get $7
    local.get $10
    i32.add
    i32.const 1
    i32.store8
    global.get $assembly/replay/burningCount
    local.tee $1
    i32.const 1
    i32.add
    global.set $assembly/replay/burningCount
    local.get $4
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    local.get $10
    i32.store
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|3
   end
  end
  global.get $assembly/replay/burningCount
  global.set $assembly/replay/frontier
  i32.const 0
  global.set $assembly/replay/startsOnExit
  i32.const 0
  local.set $0
  loop $for-loop|4
   local.get $0
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $5
    local.get $6
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 2
    i32.shl
    local.tee $1
    i32.add
    local.get $0
    i32.store
    local.get $1
    local.get $8
    i32.add
    i32.load
    i32.const 0
    i32.ge_s
    if
     i32.const 1
     global.set $assembly/replay/startsOnExit
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|4
   end
  end
  global.get $assembly/replay/people
  global.set $assembly/replay/activeCount
  i32.const 1196
  i32.load
  i32.const 0
  i32.store
  i32.const 1200
  i32.load
  i32.const 0
  i32.store
  i32.const 0
  local.set $0
  global.get $assembly/replay/search
  i32.const 1
  i32.add
  global.set $assembly/replay/search
  i32.const 1236
  i32.load
  local.set $1
  i32.const 1276
  i32.load
  local.set $3
  i32.const 1292
  i32.load
  local.set $4
  i32.const 1296
  i32.load
  local.set $5
  loop $for-loop|00
   local.get $2
   global.get $assembly/replay/exitCount
   i32.lt_s
   if
    local.get $4
    local.get $5
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $6
    i32.add
    i32.load8_u
    i32.eqz
    if
     local.get $1
     local.get $6
     i32.const 2
     i32.shl
     i32.add
     global.get $assembly/replay/search
     i32.store
     local.get $3
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     local.get $6
     i32.store
     local.get $0
     i32.const 1
     i32.add
     local.set $0
    end
    local.get $2
    i32.const 1
    i32.add
    local.set $2
    br $for-loop|00
   end
  end
  i32.const 0
  global.set $assembly/replay/searchHead
  local.get $0
  global.set $assembly/replay/searchTail
  i32.const 1216
  i32.load
  local.set $1
  i32.const 1176
  i32.load
  local.set $2
  i32.const 1212
  i32.load
  local.set $3
  i32.const 0
  local.set $0
  loop $for-loop|001
   local.get $0
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $0
    local.get $1
    i32.add
    i32.load8_u
    if (result i32)
     i32.const 1
    else
     local.get $2
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     call $assembly/replay/reachable
    end
    i32.eqz
    if
     global.get $assembly/replay/trappedTotal
     local.tee $4
     i32.const 1
     i32.add
     global.set $assembly/replay/trappedTotal
     local.get $3
     local.get $4
     i32.const 2
     i32.shl
     i32.add
     local.get $0
     i32.store
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|001
   end
  end
  i32.const 1208
  i32.load
  global.get $assembly/replay/steps
  i32.const 2
  i32.shl
  i32.add
  global.get $assembly/replay/trappedTotal
  i32.store
 )
 (func $assembly/record_text/trappedSet (param $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  global.get $assembly/record_text/table
  i32.load offset=44
  local.set $1
  global.get $assembly/record_text/table
  i32.load offset=40
  local.tee $3
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  local.set $2
  local.get $0
  if (result i32)
   local.get $3
   local.get $0
   i32.const 1
   i32.sub
   i32.const 2
   i32.shl
   i32.add
   i32.load
  else
   i32.const 0
  end
  local.tee $3
  local.set $0
  loop $for-loop|0
   local.get $0
   local.get $2
   i32.lt_s
   if
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    local.get $0
    local.get $3
    i32.gt_s
    i32.and
    if
     i32.const 3168
     i32.const 3164
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $1
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.const 1
    i32.add
    call $assembly/record_text/name
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
 )
 (func $assembly/record_text/statusClose (param $0 i32)
  local.get $0
  i32.const 255
  i32.and
  local.tee $0
  if (result i32)
   i32.const 2784
   i32.const 2848
   local.get $0
   i32.const 1
   i32.eq
   select
  else
   i32.const 2720
  end
  local.set $0
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   local.get $0
   local.get $0
   i32.const 20
   i32.sub
   i32.load offset=16
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
 )
 (func $assembly/record_text/snapshot (param $0 i32)
  (local $1 i32)
  (local $2 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3312
   i32.const 3308
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  loop $for-loop|0
   local.get $1
   global.get $assembly/record_text/burningCount
   i32.lt_s
   if
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    local.get $1
    i32.const 0
    i32.gt_s
    i32.and
    if
     i32.const 3168
     i32.const 3164
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    global.get $assembly/record_text/burningA
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    i32.load
    call $assembly/record_text/cell
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3360
   i32.const 3356
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  i32.const 0
  local.set $1
  loop $for-loop|1
   global.get $assembly/record_text/diff
   i32.const 0
   i32.lt_s
   local.tee $2
   local.get $1
   global.get $assembly/record_text/people
   i32.lt_s
   i32.and
   if
    local.get $2
    if
     i32.const 3456
     i32.const 3408
     local.get $1
     select
     local.tee $2
     local.get $2
     i32.const 20
     i32.sub
     i32.load offset=16
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $1
    i32.const 1
    i32.add
    call $assembly/record_text/name
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 2608
     i32.const 2604
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    global.get $assembly/record_text/position
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    i32.load
    call $assembly/record_text/cell
    local.get $1
    global.get $assembly/record_text/status
    i32.add
    i32.load8_u
    call $assembly/record_text/statusClose
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|1
   end
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2912
   i32.const 2908
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $0
  call $assembly/record_text/int
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3504
   i32.const 3568
   global.get $assembly/record_text/termination
   i32.eqz
   local.get $0
   global.get $assembly/record_text/totalSteps
   i32.ne
   i32.or
   select
   local.tee $1
   local.get $1
   i32.const 20
   i32.sub
   i32.load offset=16
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2960
   i32.const 2956
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $0
  call $assembly/record_text/reason
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3120
   i32.const 3116
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $0
  call $assembly/record_text/trappedSet
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3632
   i32.const 3628
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
 )
 (func $assembly/record_text/rowCol (param $0 i32) (param $1 i32)
  (local $2 i32)
  (local $3 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.ge_s
  if
   return
  end
  i32.const 1055
  i32.const 93
  i32.store8
  i32.const 0
  local.get $1
  i32.sub
  local.get $1
  local.get $1
  i32.const 0
  i32.lt_s
  select
  local.set $2
  i32.const 1055
  local.set $3
  loop $do-loop|0
   local.get $3
   i32.const 1
   i32.sub
   local.tee $3
   local.get $2
   i32.const 10
   i32.rem_u
   i32.const 48
   i32.add
   i32.store8
   local.get $2
   i32.const 10
   i32.div_u
   local.tee $2
   br_if $do-loop|0
  end
  local.get $1
  i32.const 0
  i32.lt_s
  if
   local.get $3
   i32.const 1
   i32.sub
   local.tee $3
   i32.const 45
   i32.store8
  end
  local.get $3
  i32.const 1
  i32.sub
  local.tee $1
  i32.const 44
  i32.store8
  i32.const 0
  local.get $0
  i32.sub
  local.get $0
  local.get $0
  i32.const 0
  i32.lt_s
  select
  local.set $2
  loop $do-loop|00
   local.get $1
   i32.const 1
   i32.sub
   local.tee $1
   local.get $2
   i32.const 10
   i32.rem_u
   i32.const 48
   i32.add
   i32.store8
   local.get $2
   i32.const 10
   i32.div_u
   local.tee $2
   br_if $do-loop|00
  end
  local.get $0
  i32.const 0
  i32.lt_s
  if
   local.get $1
   i32.const 1
   i32.sub
   local.tee $1
   i32.const 45
   i32.store8
  end
  local.get $1
  i32.const 1
  i32.sub
  local.tee $0
  i32.const 91
  i32.store8
  local.get $0
  i32.const 1056
  local.get $0
  i32.sub
  call $assembly/record_text/bytes
 )
 (func $assembly/record_text/reason (param $0 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   global.get $assembly/record_text/termination
   i32.eqz
   local.get $0
   global.get $assembly/record_text/totalSteps
   i32.ne
   i32.or
   if (result i32)
    i32.const 2480
   else
    i32.const 3024
    i32.const 3072
    global.get $assembly/record_text/termination
    i32.const 1
    i32.eq
    select
   end
   local.tee $0
   local.get $0
   i32.const 20
   i32.sub
   i32.load offset=16
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
 )
 (func $assembly/record_text/find (param $0 i32) (param $1 i32) (result i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 v128)
  (local $8 v128)
  (local $9 i32)
  (local $10 i32)
  global.get $assembly/record_text/textLength
  local.get $0
  i32.const 20
  i32.sub
  i32.load offset=16
  i32.const 1
  i32.shr_u
  local.tee $10
  i32.sub
  local.set $4
  local.get $0
  i32.load16_u
  local.tee $6
  i8x16.splat
  local.set $7
  local.get $0
  local.get $10
  i32.const 1
  i32.sub
  i32.const 1
  i32.shl
  i32.add
  i32.load16_u
  i8x16.splat
  local.set $8
  loop $while-continue|0
   local.get $1
   i32.const 16
   i32.add
   local.get $4
   i32.const 1
   i32.add
   i32.le_s
   if
    global.get $assembly/record_text/text
    local.get $1
    i32.add
    v128.load
    local.get $7
    i8x16.eq
    global.get $assembly/record_text/text
    local.get $1
    local.get $10
    i32.add
    i32.const 1
    i32.sub
    i32.add
    v128.load
    local.get $8
    i8x16.eq
    v128.and
    i8x16.bitmask
    local.set $3
    loop $while-continue|1
     local.get $3
     if
      local.get $1
      local.get $3
      i32.ctz
      i32.add
      local.set $5
      i32.const 0
      local.set $2
      local.get $0
      i32.const 20
      i32.sub
      i32.load offset=16
      i32.const 1
      i32.shr_u
      local.set $9
      block $__inlined_func$assembly/record_text/matches$132 (result i32)
       loop $for-loop|0
        local.get $2
        local.get $9
        i32.lt_s
        if
         i32.const 0
         global.get $assembly/record_text/text
         local.get $2
         local.get $5
         i32.add
         i32.add
         i32.load8_u
         local.get $0
         local.get $2
         i32.const 1
         i32.shl
         i32.add
         i32.load16_u
         i32.const 255
         i32.and
         i32.ne
         br_if $__inlined_func$assembly/record_text/matches$132
         drop
         local.get $2
         i32.const 1
         i32.add
         local.set $2
         br $for-loop|0
        end
       end
       i32.const 1
      end
      if
       local.get $5
       return
      end
      local.get $3
      local.get $3
      i32.const 1
      i32.sub
      i32.and
      local.set $3
      br $while-continue|1
     end
    end
    local.get $1
    i32.const 16
    i32.add
    local.set $1
    br $while-continue|0
   end
  end
  loop $for-loop|2
   local.get $1
   local.get $4
   i32.le_s
   if
    global.get $assembly/record_text/text
    local.get $1
    i32.add
    i32.load8_u
    local.get $6
    i32.const 255
    i32.and
    i32.eq
    if (result i32)
     i32.const 0
     local.set $2
     local.get $0
     i32.const 20
     i32.sub
     i32.load offset=16
     i32.const 1
     i32.shr_u
     local.set $3
     block $__inlined_func$assembly/record_text/matches$133 (result i32)
      loop $for-loop|03
       local.get $2
       local.get $3
       i32.lt_s
       if
        i32.const 0
        global.get $assembly/record_text/text
        local.get $1
        local.get $2
        i32.add
        i32.add
        i32.load8_u
        local.get $0
        local.get $2
        i32.const 1
        i32.shl
        i32.add
        i32.load16_u
        i32.const 255
        i32.and
        i32.ne
        br_if $__inlined_func$assembly/record_text/matches$133
        drop
        local.get $2
        i32.const 1
        i32.add
        local.set $2
        br $for-loop|03
       end
      end
      i32.const 1
     end
    else
     i32.const 0
    end
    if
     local.get $1
     return
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|2
   end
  end
  i32.const -1
 )
 (func $assembly/record_text/causeText (param $0 i32)
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2384
   i32.const 2432
   local.get $0
   i32.const 255
   i32.and
   i32.const 2
   i32.eq
   select
   local.tee $0
   local.get $0
   i32.const 20
   i32.sub
   i32.load offset=16
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
 )
 (func $~start
  i32.const 0
  global.set $assembly/replay/termination
 )
 (func $assembly/trace_checks/reachable (param $0 i32) (result i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  global.get $assembly/trace_checks/search
  global.get $assembly/trace_checks/table
  i32.load offset=180
  local.tee $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
  if
   i32.const 1
   return
  end
  global.get $assembly/trace_checks/table
  i32.load offset=184
  local.set $5
  global.get $assembly/trace_checks/table
  i32.load offset=172
  local.set $6
  global.get $assembly/trace_checks/table
  i32.load
  local.set $7
  global.get $assembly/trace_checks/table
  i32.load offset=132
  local.set $8
  global.get $assembly/trace_checks/searchHead
  local.set $2
  global.get $assembly/trace_checks/searchTail
  local.set $1
  loop $while-continue|0
   local.get $1
   local.get $2
   i32.gt_s
   if
    block $while-break|0
     local.get $2
     local.tee $3
     i32.const 1
     i32.add
     local.set $2
     local.get $8
     local.get $5
     local.get $3
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $3
     i32.add
     i32.load8_u
     local.tee $9
     i32.const 1
     i32.and
     if
      global.get $assembly/trace_checks/search
      local.get $4
      local.get $3
      global.get $assembly/trace_checks/width
      i32.sub
      local.tee $10
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $7
       local.get $10
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $10
       i32.add
       i32.load8_u
      end
      i32.eqz
      if
       local.get $4
       local.get $10
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/trace_checks/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $10
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $9
     i32.const 2
     i32.and
     if
      global.get $assembly/trace_checks/search
      local.get $4
      local.get $3
      i32.const 1
      i32.add
      local.tee $10
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $7
       local.get $10
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $10
       i32.add
       i32.load8_u
      end
      i32.eqz
      if
       local.get $4
       local.get $10
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/trace_checks/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $10
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $9
     i32.const 4
     i32.and
     if
      global.get $assembly/trace_checks/search
      local.get $4
      local.get $3
      global.get $assembly/trace_checks/width
      i32.add
      local.tee $10
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $7
       local.get $10
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      if (result i32)
       i32.const 1
      else
       local.get $6
       local.get $10
       i32.add
       i32.load8_u
      end
      i32.eqz
      if
       local.get $4
       local.get $10
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/trace_checks/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $10
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     local.get $9
     i32.const 8
     i32.and
     if
      global.get $assembly/trace_checks/search
      local.get $4
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.eq
      if (result i32)
       i32.const 1
      else
       local.get $3
       local.get $7
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      if (result i32)
       i32.const 1
      else
       local.get $3
       local.get $6
       i32.add
       i32.load8_u
      end
      i32.eqz
      if
       local.get $4
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/trace_checks/search
       i32.store
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $3
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
     end
     global.get $assembly/trace_checks/search
     local.get $4
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     i32.load
     i32.eq
     br_if $while-break|0
     br $while-continue|0
    end
   end
  end
  local.get $2
  global.set $assembly/trace_checks/searchHead
  local.get $1
  global.set $assembly/trace_checks/searchTail
  global.get $assembly/trace_checks/search
  local.get $4
  local.get $0
  i32.const 2
  i32.shl
  i32.add
  i32.load
  i32.eq
 )
 (func $assembly/trace_checks/checkedStep (result i32)
  global.get $assembly/trace_checks/failedStep
 )
 (func $assembly/trace_checks/checkedItem (result i32)
  global.get $assembly/trace_checks/failedItem
 )
 (func $assembly/trace_checks/checkRegions (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (result i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 i32)
  (local $19 i32)
  (local $20 i32)
  (local $21 i32)
  (local $22 i32)
  (local $23 i32)
  (local $24 i32)
  (local $25 i32)
  (local $26 i32)
  (local $27 i32)
  (local $28 i32)
  i32.const 1168
  global.set $assembly/trace_checks/table
  local.get $0
  global.set $assembly/trace_checks/width
  local.get $0
  local.get $1
  i32.mul
  global.set $assembly/trace_checks/cells
  local.get $2
  global.set $assembly/trace_checks/people
  local.get $4
  global.set $assembly/trace_checks/exitCount
  i32.const 0
  global.set $assembly/trace_checks/failedStep
  i32.const 0
  global.set $assembly/trace_checks/failedItem
  local.get $6
  i32.eqz
  if
   i32.const 0
   global.set $assembly/trace_checks/failedStep
   i32.const 0
   global.set $assembly/trace_checks/failedItem
   i32.const 1
   return
  end
  local.get $5
  i32.eqz
  if
   i32.const 0
   global.set $assembly/trace_checks/failedStep
   i32.const 0
   global.set $assembly/trace_checks/failedItem
   i32.const 2
   return
  end
  global.get $assembly/trace_checks/table
  i32.load
  local.set $20
  global.get $assembly/trace_checks/table
  i32.load offset=4
  local.set $21
  global.get $assembly/trace_checks/table
  i32.load offset=16
  local.set $22
  global.get $assembly/trace_checks/table
  i32.load offset=20
  local.set $17
  global.get $assembly/trace_checks/table
  i32.load offset=24
  local.set $15
  global.get $assembly/trace_checks/table
  i32.load offset=28
  local.set $23
  global.get $assembly/trace_checks/table
  i32.load offset=32
  local.set $24
  global.get $assembly/trace_checks/table
  i32.load offset=36
  local.set $16
  global.get $assembly/trace_checks/table
  i32.load offset=132
  local.set $25
  global.get $assembly/trace_checks/table
  i32.load offset=168
  local.set $13
  global.get $assembly/trace_checks/table
  i32.load offset=172
  local.set $12
  global.get $assembly/trace_checks/table
  i32.load offset=176
  local.set $18
  global.get $assembly/trace_checks/table
  i32.load offset=188
  local.set $19
  global.get $assembly/trace_checks/table
  i32.load offset=164
  local.tee $14
  global.get $assembly/trace_checks/table
  i32.load offset=160
  local.get $2
  i32.const 2
  i32.shl
  local.tee $0
  memory.copy
  local.get $13
  i32.const 0
  local.get $2
  memory.fill
  local.get $19
  i32.const 255
  local.get $0
  memory.fill
  local.get $12
  i32.const 0
  global.get $assembly/trace_checks/cells
  memory.fill
  local.get $18
  i32.const 0
  global.get $assembly/trace_checks/cells
  i32.const 2
  i32.shl
  local.tee $0
  memory.fill
  global.get $assembly/trace_checks/table
  i32.load offset=180
  i32.const 0
  local.get $0
  memory.fill
  i32.const 0
  global.set $assembly/trace_checks/search
  global.get $assembly/trace_checks/table
  i32.load offset=12
  local.set $1
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   local.get $3
   i32.lt_s
   if
    local.get $1
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.get $12
    i32.add
    i32.const 1
    i32.store8
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $2
  local.set $4
  i32.const 0
  local.set $0
  i32.const 0
  local.set $1
  global.get $assembly/trace_checks/search
  i32.const 1
  i32.add
  global.set $assembly/trace_checks/search
  global.get $assembly/trace_checks/table
  i32.load offset=180
  local.set $3
  global.get $assembly/trace_checks/table
  i32.load offset=184
  local.set $8
  global.get $assembly/trace_checks/table
  i32.load offset=172
  local.set $9
  global.get $assembly/trace_checks/table
  i32.load offset=128
  local.set $10
  loop $for-loop|00
   local.get $1
   global.get $assembly/trace_checks/exitCount
   i32.lt_s
   if
    local.get $10
    local.get $1
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $11
    local.get $9
    i32.add
    i32.load8_u
    i32.eqz
    if
     local.get $3
     local.get $11
     i32.const 2
     i32.shl
     i32.add
     global.get $assembly/trace_checks/search
     i32.store
     local.get $8
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     local.get $11
     i32.store
     local.get $0
     i32.const 1
     i32.add
     local.set $0
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|00
   end
  end
  i32.const 0
  global.set $assembly/trace_checks/searchHead
  local.get $0
  global.set $assembly/trace_checks/searchTail
  i32.const 0
  call $assembly/trace_checks/trappedHolds
  i32.eqz
  if
   i32.const 0
   global.set $assembly/trace_checks/failedStep
   i32.const 0
   global.set $assembly/trace_checks/failedItem
   i32.const 4
   return
  end
  i32.const 0
  i32.const 2
  local.get $7
  select
  i32.const 1
  local.get $4
  select
  if
   i32.const 0
   global.set $assembly/trace_checks/failedStep
   i32.const 0
   global.set $assembly/trace_checks/failedItem
   i32.const 5
   return
  end
  i32.const 1
  local.set $9
  loop $for-loop|1
   local.get $5
   local.get $9
   i32.ge_s
   if
    local.get $23
    local.get $9
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.get $23
    local.get $9
    i32.const 1
    i32.sub
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $3
    i32.sub
    local.get $4
    i32.ne
    if
     local.get $9
     global.set $assembly/trace_checks/failedStep
     i32.const 0
     global.set $assembly/trace_checks/failedItem
     i32.const 3
     return
    end
    local.get $3
    local.set $0
    i32.const 0
    local.set $10
    loop $for-loop|2
     local.get $2
     local.get $10
     i32.gt_s
     if
      local.get $10
      local.get $13
      i32.add
      i32.load8_u
      i32.eqz
      if
       local.get $0
       local.get $22
       i32.add
       i32.load8_u
       local.set $8
       local.get $0
       local.get $17
       i32.add
       i32.load8_u
       local.set $11
       local.get $0
       local.get $3
       i32.sub
       local.set $26
       local.get $0
       i32.const 1
       i32.add
       local.set $0
       local.get $11
       i32.eqz
       local.get $8
       i32.eqz
       i32.ne
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $26
        global.set $assembly/trace_checks/failedItem
        i32.const 6
        return
       end
       local.get $14
       local.get $10
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.set $1
       local.get $11
       i32.const 1
       i32.eq
       if
        local.get $1
        local.get $25
        i32.add
        i32.load8_u
        local.tee $11
        i32.const 1
        i32.and
        local.get $8
        i32.const 1
        i32.eq
        i32.and
        if (result i32)
         local.get $1
         global.get $assembly/trace_checks/width
         i32.sub
        else
         local.get $8
         i32.const 2
         i32.eq
         local.get $11
         i32.const 2
         i32.and
         i32.const 0
         i32.ne
         i32.and
         if (result i32)
          local.get $1
          i32.const 1
          i32.add
         else
          local.get $8
          i32.const 3
          i32.eq
          local.get $11
          i32.const 4
          i32.and
          i32.const 0
          i32.ne
          i32.and
          if (result i32)
           local.get $1
           global.get $assembly/trace_checks/width
           i32.add
          else
           local.get $1
           i32.const 1
           i32.sub
           i32.const -1
           local.get $8
           i32.const 4
           i32.eq
           local.get $11
           i32.const 8
           i32.and
           i32.const 0
           i32.ne
           i32.and
           select
          end
         end
        end
        local.tee $1
        i32.const 0
        i32.lt_s
        if (result i32)
         i32.const 1
        else
         local.get $1
         local.get $20
         i32.add
         i32.load8_u
         i32.const 1
         i32.eq
        end
        if
         local.get $9
         global.set $assembly/trace_checks/failedStep
         local.get $26
         global.set $assembly/trace_checks/failedItem
         i32.const 7
         return
        end
        local.get $14
        local.get $10
        i32.const 2
        i32.shl
        i32.add
        local.get $1
        i32.store
       end
       local.get $9
       local.get $18
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.eq
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $26
        global.set $assembly/trace_checks/failedItem
        i32.const 8
        return
       end
       local.get $18
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
      end
      local.get $10
      i32.const 1
      i32.add
      local.set $10
      br $for-loop|2
     end
    end
    local.get $24
    local.get $9
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $26
    local.get $24
    local.get $9
    i32.const 1
    i32.sub
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $1
    local.set $0
    loop $for-loop|3
     local.get $0
     local.get $26
     i32.lt_s
     if
      local.get $16
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.tee $8
      i32.const 0
      i32.lt_s
      local.get $8
      global.get $assembly/trace_checks/cells
      i32.ge_s
      i32.or
      if (result i32)
       i32.const 1
      else
       local.get $8
       local.get $20
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
      end
      if
       local.get $9
       global.set $assembly/trace_checks/failedStep
       local.get $0
       local.get $1
       i32.sub
       global.set $assembly/trace_checks/failedItem
       i32.const 9
       return
      end
      local.get $8
      local.get $12
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      if
       local.get $9
       global.set $assembly/trace_checks/failedStep
       local.get $0
       local.get $1
       i32.sub
       global.set $assembly/trace_checks/failedItem
       i32.const 10
       return
      end
      local.get $8
      local.get $12
      i32.add
      i32.const 2
      i32.store8
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|3
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $0
    loop $for-loop|4
     local.get $0
     local.get $26
     i32.lt_s
     if
      local.get $16
      local.get $0
      i32.const 1
      i32.sub
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.get $16
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.ge_s
      if
       local.get $9
       global.set $assembly/trace_checks/failedStep
       local.get $0
       local.get $1
       i32.sub
       global.set $assembly/trace_checks/failedItem
       i32.const 11
       return
      end
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|4
     end
    end
    local.get $3
    local.set $0
    i32.const 0
    local.set $10
    loop $for-loop|5
     local.get $2
     local.get $10
     i32.gt_s
     if
      block $for-continue|5
       local.get $10
       local.get $13
       i32.add
       i32.load8_u
       br_if $for-continue|5
       local.get $0
       local.tee $8
       i32.const 1
       i32.add
       local.set $0
       local.get $8
       local.get $15
       i32.add
       i32.load8_u
       br_if $for-continue|5
       local.get $14
       local.get $10
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $8
       local.get $12
       i32.add
       i32.load8_u
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 12
        return
       end
       local.get $21
       local.get $8
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.const 0
       i32.ge_s
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 13
        return
       end
      end
      local.get $10
      i32.const 1
      i32.add
      local.set $10
      br $for-loop|5
     end
    end
    local.get $3
    local.set $0
    i32.const 0
    local.set $10
    i32.const 0
    local.set $11
    loop $for-loop|6
     local.get $2
     local.get $11
     i32.gt_s
     if
      block $for-continue|6
       local.get $11
       local.get $13
       i32.add
       i32.load8_u
       br_if $for-continue|6
       local.get $0
       local.get $22
       i32.add
       i32.load8_u
       local.get $0
       local.get $17
       i32.add
       i32.load8_u
       local.set $28
       local.get $0
       local.tee $8
       i32.const 1
       i32.add
       local.set $0
       local.get $8
       local.get $15
       i32.add
       i32.load8_u
       i32.const 1
       i32.ne
       br_if $for-continue|6
       local.get $21
       local.get $14
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $8
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.const 0
       i32.lt_s
       if (result i32)
        i32.const 1
       else
        local.get $8
        local.get $12
        i32.add
        i32.load8_u
        i32.const 1
        i32.eq
       end
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 14
        return
       end
       i32.const 0
       i32.ne
       local.get $28
       i32.const 1
       i32.ne
       i32.and
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 15
        return
       end
       local.get $10
       i32.const 1
       i32.add
       local.set $10
      end
      local.get $11
      i32.const 1
      i32.add
      local.set $11
      br $for-loop|6
     end
    end
    local.get $3
    local.set $0
    i32.const 0
    local.set $10
    i32.const 0
    local.set $11
    loop $for-loop|7
     local.get $2
     local.get $11
     i32.gt_s
     if
      block $for-continue|7
       local.get $11
       local.get $13
       i32.add
       i32.load8_u
       br_if $for-continue|7
       local.get $0
       local.get $17
       i32.add
       i32.load8_u
       local.set $27
       local.get $0
       local.tee $8
       i32.const 1
       i32.add
       local.set $0
       local.get $8
       local.get $15
       i32.add
       i32.load8_u
       local.tee $8
       i32.const 3
       i32.ne
       local.get $8
       i32.const 2
       i32.ne
       i32.and
       br_if $for-continue|7
       local.get $14
       local.get $11
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.get $12
       i32.add
       i32.load8_u
       local.tee $28
       i32.const 1
       i32.eq
       local.get $27
       i32.const 1
       i32.eq
       i32.and
       if (result i32)
        i32.const 2
       else
        i32.const 3
        i32.const 0
        local.get $28
        i32.const 2
        i32.eq
        select
       end
       local.tee $27
       i32.eqz
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 16
        return
       end
       local.get $8
       local.get $27
       i32.ne
       if
        local.get $9
        global.set $assembly/trace_checks/failedStep
        local.get $10
        global.set $assembly/trace_checks/failedItem
        i32.const 17
        return
       end
       local.get $10
       i32.const 1
       i32.add
       local.set $10
      end
      local.get $11
      i32.const 1
      i32.add
      local.set $11
      br $for-loop|7
     end
    end
    local.get $3
    local.set $0
    i32.const 0
    local.set $3
    loop $for-loop|8
     local.get $2
     local.get $3
     i32.gt_s
     if
      block $for-continue|8
       local.get $3
       local.get $13
       i32.add
       local.tee $10
       i32.load8_u
       br_if $for-continue|8
       local.get $0
       local.tee $8
       i32.const 1
       i32.add
       local.set $0
       local.get $8
       local.get $15
       i32.add
       i32.load8_u
       local.tee $8
       i32.eqz
       br_if $for-continue|8
       local.get $10
       i32.const 1
       i32.const 2
       local.get $8
       i32.const 1
       i32.eq
       select
       i32.store8
       local.get $19
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       local.get $9
       i32.store
       local.get $4
       i32.const 1
       i32.sub
       local.set $4
      end
      local.get $3
      i32.const 1
      i32.add
      local.set $3
      br $for-loop|8
     end
    end
    local.get $1
    local.set $0
    loop $for-loop|9
     local.get $0
     local.get $26
     i32.lt_s
     if
      local.get $16
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.get $12
      i32.add
      i32.const 1
      i32.store8
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|9
     end
    end
    local.get $1
    local.get $26
    i32.lt_s
    if
     i32.const 0
     local.set $0
     i32.const 0
     local.set $1
     global.get $assembly/trace_checks/search
     i32.const 1
     i32.add
     global.set $assembly/trace_checks/search
     global.get $assembly/trace_checks/table
     i32.load offset=180
     local.set $3
     global.get $assembly/trace_checks/table
     i32.load offset=184
     local.set $8
     global.get $assembly/trace_checks/table
     i32.load offset=172
     local.set $10
     global.get $assembly/trace_checks/table
     i32.load offset=128
     local.set $11
     loop $for-loop|01
      local.get $1
      global.get $assembly/trace_checks/exitCount
      i32.lt_s
      if
       local.get $11
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $26
       local.get $10
       i32.add
       i32.load8_u
       i32.eqz
       if
        local.get $3
        local.get $26
        i32.const 2
        i32.shl
        i32.add
        global.get $assembly/trace_checks/search
        i32.store
        local.get $8
        local.get $0
        i32.const 2
        i32.shl
        i32.add
        local.get $26
        i32.store
        local.get $0
        i32.const 1
        i32.add
        local.set $0
       end
       local.get $1
       i32.const 1
       i32.add
       local.set $1
       br $for-loop|01
      end
     end
     i32.const 0
     global.set $assembly/trace_checks/searchHead
     local.get $0
     global.set $assembly/trace_checks/searchTail
    end
    local.get $9
    call $assembly/trace_checks/trappedHolds
    i32.eqz
    if
     local.get $9
     global.set $assembly/trace_checks/failedStep
     i32.const 0
     global.set $assembly/trace_checks/failedItem
     i32.const 18
     return
    end
    i32.const 2
    i32.const 0
    local.get $7
    local.get $9
    i32.eq
    select
    i32.const 1
    local.get $4
    select
    local.get $6
    i32.const 0
    local.get $5
    local.get $9
    i32.eq
    select
    i32.ne
    if
     local.get $9
     global.set $assembly/trace_checks/failedStep
     i32.const 0
     global.set $assembly/trace_checks/failedItem
     i32.const 19
     return
    end
    local.get $9
    i32.const 1
    i32.add
    local.set $9
    br $for-loop|1
   end
  end
  global.get $assembly/trace_checks/table
  i32.load offset=8
  local.set $1
  global.get $assembly/trace_checks/table
  i32.load offset=48
  local.set $3
  global.get $assembly/trace_checks/table
  i32.load offset=52
  local.set $4
  i32.const 0
  local.set $0
  loop $for-loop|10
   local.get $0
   local.get $2
   i32.lt_s
   if
    local.get $0
    local.get $13
    i32.add
    i32.load8_u
    local.tee $6
    local.get $0
    local.get $3
    i32.add
    i32.load8_u
    i32.ne
    if
     local.get $5
     i32.const 1
     i32.add
     global.set $assembly/trace_checks/failedStep
     local.get $0
     global.set $assembly/trace_checks/failedItem
     i32.const 20
     return
    end
    local.get $0
    i32.const 2
    i32.shl
    local.tee $7
    local.get $1
    i32.add
    i32.load
    local.get $7
    local.get $14
    i32.add
    i32.load
    i32.ne
    if
     local.get $5
     i32.const 1
     i32.add
     global.set $assembly/trace_checks/failedStep
     local.get $0
     global.set $assembly/trace_checks/failedItem
     i32.const 21
     return
    end
    local.get $6
    if (result i32)
     local.get $0
     i32.const 2
     i32.shl
     local.tee $6
     local.get $4
     i32.add
     i32.load
     local.get $6
     local.get $19
     i32.add
     i32.load
     i32.ne
    else
     i32.const 0
    end
    if
     local.get $5
     i32.const 1
     i32.add
     global.set $assembly/trace_checks/failedStep
     local.get $0
     global.set $assembly/trace_checks/failedItem
     i32.const 22
     return
    end
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|10
   end
  end
  i32.const 0
 )
 (func $assembly/replay/terminationCode (result i32)
  global.get $assembly/replay/termination
 )
 (func $assembly/replay/streamWords (param $0 i64) (param $1 i64) (param $2 i32) (param $3 i32)
  (local $4 i32)
  local.get $0
  local.get $1
  i64.const -3335678366873096957
  i64.mul
  i64.xor
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  local.set $1
  loop $for-loop|0
   local.get $2
   local.get $4
   i32.gt_s
   if
    local.get $3
    local.get $4
    i32.const 3
    i32.shl
    i32.add
    local.get $1
    i64.const 7046029254386353131
    i64.sub
    local.tee $1
    local.get $1
    i64.const 30
    i64.shr_u
    i64.xor
    i64.const -4658895280553007687
    i64.mul
    local.tee $0
    local.get $0
    i64.const 27
    i64.shr_u
    i64.xor
    i64.const -7723592293110705685
    i64.mul
    local.tee $0
    local.get $0
    i64.const 31
    i64.shr_u
    i64.xor
    i64.store
    local.get $4
    i32.const 1
    i32.add
    local.set $4
    br $for-loop|0
   end
  end
 )
 (func $assembly/replay/streamUniform (param $0 i64) (param $1 i64) (param $2 i32) (param $3 i32)
  (local $4 i32)
  (local $5 i64)
  (local $6 i32)
  global.get $assembly/replay/movementState
  local.get $0
  local.get $1
  i64.const -3335678366873096957
  i64.mul
  i64.xor
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  loop $for-loop|0
   local.get $2
   local.get $4
   i32.gt_s
   if
    local.get $3
    local.get $4
    i32.const 3
    i32.shl
    i32.add
    local.tee $6
    local.get $6
    i64.load
    call $assembly/replay/movementUniform
    i64.store
    local.get $4
    i32.const 1
    i32.add
    local.set $4
    br $for-loop|0
   end
  end
  global.get $assembly/replay/movementState
  i64.const 7046029254386353131
  i64.sub
  global.set $assembly/replay/movementState
  local.get $3
  local.get $2
  i32.const 3
  i32.shl
  i32.add
  global.get $assembly/replay/movementState
  local.tee $0
  local.get $0
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $0
  local.get $0
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $0
  local.get $0
  i64.const 31
  i64.shr_u
  i64.xor
  i64.store
  global.set $assembly/replay/movementState
 )
 (func $assembly/replay/stepOnce (result i32)
  i32.const 1
  global.get $assembly/replay/steps
  global.get $assembly/replay/logSteps
  i32.ge_s
  global.get $assembly/replay/termination
  select
  if
   i32.const 1
   return
  end
  global.get $assembly/replay/horizon
  call $assembly/replay/step
 )
 (func $assembly/replay/stepCount (result i32)
  global.get $assembly/replay/steps
 )
 (func $assembly/replay/spreadFire
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i64)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  i32.const 1224
  i32.load
  local.set $9
  i32.const 1228
  i32.load
  local.set $7
  i32.const 1268
  i32.load
  local.set $8
  i32.const 1272
  i32.load
  local.set $5
  i32.const 1204
  i32.load
  local.set $11
  i32.const 1292
  i32.load
  local.set $10
  i32.const 1300
  i32.load
  local.set $12
  loop $while-continue|0
   local.get $2
   global.get $assembly/replay/frontier
   i32.lt_s
   if
    i32.const 0
    local.set $4
    local.get $12
    local.get $7
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $13
    i32.add
    i32.load8_u
    local.tee $14
    i32.const 1
    i32.and
    if (result i32)
     local.get $13
     global.get $assembly/replay/width
     i32.sub
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     global.get $assembly/replay/width
     i32.sub
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 2
    i32.and
    if (result i32)
     local.get $13
     i32.const 1
     i32.add
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     i32.const 1
     i32.add
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 4
    i32.and
    if (result i32)
     local.get $13
     global.get $assembly/replay/width
     i32.add
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     global.get $assembly/replay/width
     i32.add
     local.tee $15
     local.get $8
     i32.add
     local.tee $16
     i32.load8_u
     i32.eqz
     if
      local.get $16
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $15
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $14
    i32.const 8
    i32.and
    if (result i32)
     local.get $13
     i32.const 1
     i32.sub
     local.get $10
     i32.add
     i32.load8_u
    else
     i32.const 1
    end
    i32.eqz
    if
     i32.const 1
     local.set $4
     local.get $13
     i32.const 1
     i32.sub
     local.tee $14
     local.get $8
     i32.add
     local.tee $15
     i32.load8_u
     i32.eqz
     if
      local.get $15
      i32.const 1
      i32.store8
      local.get $5
      local.get $0
      i32.const 2
      i32.shl
      i32.add
      local.get $14
      i32.store
      local.get $0
      i32.const 1
      i32.add
      local.set $0
     end
    end
    local.get $4
    if
     local.get $2
     i32.const 1
     i32.add
     local.set $2
    else
     global.get $assembly/replay/frontier
     i32.const 1
     i32.sub
     global.set $assembly/replay/frontier
     local.get $7
     local.get $2
     i32.const 2
     i32.shl
     i32.add
     local.get $7
     global.get $assembly/replay/frontier
     i32.const 2
     i32.shl
     i32.add
     local.tee $4
     i32.load
     i32.store
     local.get $4
     local.get $13
     i32.store
    end
    br $while-continue|0
   end
  end
  local.get $0
  i32.const 16
  i32.le_s
  if
   i32.const 1
   local.set $2
   loop $for-loop|0
    local.get $0
    local.get $2
    i32.gt_s
    if
     local.get $5
     local.get $2
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.set $4
     local.get $2
     i32.const 1
     i32.sub
     local.set $1
     loop $while-continue|1
      local.get $1
      i32.const 0
      i32.ge_s
      if (result i32)
       local.get $4
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.lt_s
      else
       i32.const 0
      end
      if
       local.get $5
       local.get $1
       i32.const 1
       i32.add
       i32.const 2
       i32.shl
       i32.add
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.store
       local.get $1
       i32.const 1
       i32.sub
       local.set $1
       br $while-continue|1
      end
     end
     local.get $5
     local.get $1
     i32.const 1
     i32.add
     i32.const 2
     i32.shl
     i32.add
     local.get $4
     i32.store
     local.get $2
     i32.const 1
     i32.add
     local.set $2
     br $for-loop|0
    end
   end
  else
   global.get $assembly/replay/cells
   local.get $0
   i32.const 3
   i32.shl
   i32.le_s
   if
    i32.const 0
    local.set $4
    loop $for-loop|2
     local.get $0
     local.get $1
     i32.gt_s
     if
      local.get $4
      local.get $8
      i32.add
      i32.load8_u
      if
       local.get $5
       local.get $1
       i32.const 2
       i32.shl
       i32.add
       local.get $4
       i32.store
       local.get $1
       i32.const 1
       i32.add
       local.set $1
      end
      local.get $4
      i32.const 1
      i32.add
      local.set $4
      br $for-loop|2
     end
    end
   else
    local.get $5
    local.get $0
    call $assembly/replay/sort
   end
  end
  global.get $assembly/replay/ignitedTotal
  loop $for-loop|1
   local.get $0
   local.get $6
   i32.gt_s
   if
    local.get $5
    local.get $6
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $4
    local.get $8
    i32.add
    i32.const 0
    i32.store8
    local.get $4
    local.get $12
    i32.add
    i32.load8_u
    local.tee $13
    i32.const 1
    i32.and
    if (result i32)
     local.get $4
     global.get $assembly/replay/width
     i32.sub
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if (result i32)
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
    else
     i32.const 0
    end
    local.set $1
    local.get $13
    i32.const 2
    i32.and
    if (result i32)
     local.get $4
     i32.const 1
     i32.add
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
     local.set $1
    end
    local.get $13
    i32.const 4
    i32.and
    if (result i32)
     local.get $4
     global.get $assembly/replay/width
     i32.add
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
     local.set $1
    end
    local.get $13
    i32.const 8
    i32.and
    if (result i32)
     local.get $4
     i32.const 1
     i32.sub
     local.get $9
     i32.add
     i32.load8_u
     i32.const 1
     i32.eq
    else
     i32.const 0
    end
    if (result i32)
     global.get $assembly/replay/fireState
     i64.const 7046029254386353131
     i64.sub
     global.set $assembly/replay/fireState
     local.get $1
     i32.const 1
     global.get $assembly/replay/threshold
     global.get $assembly/replay/fireState
     local.tee $3
     local.get $3
     i64.const 30
     i64.shr_u
     i64.xor
     i64.const -4658895280553007687
     i64.mul
     local.tee $3
     local.get $3
     i64.const 27
     i64.shr_u
     i64.xor
     i64.const -7723592293110705685
     i64.mul
     local.tee $3
     local.get $3
     i64.const 31
     i64.shr_u
     i64.xor
     i64.gt_u
     global.get $assembly/replay/always
     select
     i32.or
    else
     local.get $1
    end
    if
     global.get $assembly/replay/ignitedTotal
     local.tee $1
     i32.const 1
     i32.add
     global.set $assembly/replay/ignitedTotal
     local.get $11
     local.get $1
     i32.const 2
     i32.shl
     i32.add
     local.get $4
     i32.store
    end
    local.get $6
    i32.const 1
    i32.add
    local.set $6
    br $for-loop|1
   end
  end
  local.set $0
  loop $for-loop|20
   local.get $0
   global.get $assembly/replay/ignitedTotal
   i32.lt_s
   if
    local.get $11
    local.get $0
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $1
    local.get $9
    i32.add
    i32.const 1
    i32.store8
    local.get $1
    local.get $10
    i32.add
    i32.const 1
    i32.store8
    local.get $7
    global.get $assembly/replay/burningCount
    i32.const 2
    i32.shl
    i32.add
    local.get $7
    global.get $assembly/replay/frontier
    i32.const 2
    i32.shl
    i32.add
    i32.load
    i32.store
    global.get $assembly/replay/frontier
    local.tee $2
    i32.const 1
    i32.add
    global.set $assembly/replay/frontier
    local.get $7
    local.get $2
    i32.const 2
    i32.shl
    i32.add
    local.get $1
    i32.store
    global.get $assembly/replay/burningCount
    i32.const 1
    i32.add
    global.set $assembly/replay/burningCount
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|20
   end
  end
 )
 (func $assembly/replay/run (param $0 i32) (param $1 i32) (param $2 i64) (param $3 i64) (param $4 i32) (result i32)
  local.get $1
  i32.const 0
  i32.ne
  global.set $assembly/replay/blocked
  local.get $0
  global.set $assembly/replay/horizon
  local.get $4
  i32.const 0
  i32.ne
  global.set $assembly/replay/always
  local.get $3
  global.set $assembly/replay/threshold
  local.get $2
  i64.const -3335678366873096957
  i64.xor
  local.tee $3
  local.get $3
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $3
  local.get $3
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $3
  local.get $3
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/fireState
  local.get $2
  i64.const -6671356733746193914
  i64.xor
  local.tee $2
  local.get $2
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $2
  local.get $2
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $2
  local.get $2
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  call $assembly/replay/initialState
  loop $while-continue|0
   global.get $assembly/replay/termination
   i32.eqz
   if
    global.get $assembly/replay/steps
    global.get $assembly/replay/logSteps
    i32.ge_s
    if
     i32.const 1
     return
    end
    local.get $0
    call $assembly/replay/step
    local.tee $1
    if
     local.get $1
     return
    end
    br $while-continue|0
   end
  end
  i32.const 0
 )
 (func $assembly/replay/resolveIntents (result i32)
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 i32)
  (local $19 i32)
  (local $20 i32)
  i32.const 1216
  i32.load
  local.set $15
  i32.const 1184
  i32.load
  local.set $14
  i32.const 1280
  i32.load
  local.set $18
  i32.const 1176
  i32.load
  local.set $13
  i32.const 1240
  i32.load
  local.set $12
  i32.const 1168
  i32.load
  local.set $11
  i32.const 1224
  i32.load
  local.set $10
  i32.const 1300
  i32.load
  local.set $9
  i32.const 1284
  i32.load
  local.set $8
  i32.const 1244
  i32.load
  local.set $7
  i32.const 1248
  i32.load
  local.set $6
  i32.const 1252
  i32.load
  local.set $17
  i32.const 1304
  i32.load
  local.set $16
  i32.const 1256
  i32.load
  local.set $5
  i32.const 0
  global.set $assembly/replay/contestedCount
  global.get $assembly/replay/consumed
  local.set $1
  loop $for-loop|0
   local.get $19
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $8
    local.get $19
    i32.add
    i32.const 0
    i32.store8
    block $for-continue|0
     local.get $15
     local.get $19
     i32.add
     i32.load8_u
     if
      local.get $18
      local.get $19
      i32.add
      i32.const 255
      i32.store8
      br $for-continue|0
     end
     local.get $1
     local.tee $0
     i32.const 1
     i32.add
     local.set $1
     local.get $0
     local.get $14
     i32.add
     i32.load8_u
     local.tee $2
     i32.const 4
     i32.gt_u
     if
      i32.const 0
      return
     end
     local.get $2
     i32.eqz
     if
      local.get $18
      local.get $19
      i32.add
      i32.const 0
      i32.store8
      br $for-continue|0
     end
     i32.const 254
     local.set $20
     local.get $9
     local.get $13
     local.get $19
     i32.const 2
     i32.shl
     i32.add
     i32.load
     local.tee $0
     i32.add
     i32.load8_u
     i32.const 1
     local.get $2
     i32.const 1
     i32.sub
     i32.const 7
     i32.and
     i32.shl
     i32.and
     if
      local.get $11
      local.get $0
      local.get $2
      i32.const 2
      i32.shl
      i32.const 1360
      i32.add
      i32.load
      i32.add
      local.tee $4
      i32.add
      i32.load8_u
      i32.const 1
      i32.eq
      if
       i32.const 3
       local.set $20
      else
       global.get $assembly/replay/blocked
       if (result i32)
        local.get $4
        local.get $10
        i32.add
        i32.load8_u
        i32.const 1
        i32.eq
       else
        i32.const 0
       end
       if
        i32.const 4
        local.set $20
       else
        local.get $12
        local.get $19
        i32.const 2
        i32.shl
        i32.add
        local.get $4
        i32.store
        local.get $7
        local.get $4
        i32.const 2
        i32.shl
        local.tee $2
        i32.add
        local.tee $0
        i32.load
        i32.const 1
        i32.add
        local.set $3
        local.get $0
        local.get $3
        i32.store
        local.get $3
        i32.const 1
        i32.eq
        if
         local.get $2
         local.get $6
         i32.add
         local.get $19
         i32.store
        else
         local.get $17
         local.get $16
         local.get $4
         i32.const 2
         i32.shl
         i32.add
         i32.load
         i32.const 2
         i32.shl
         i32.add
         local.get $19
         i32.store
         local.get $3
         i32.const 2
         i32.eq
         if
          global.get $assembly/replay/contestedCount
          local.tee $0
          i32.const 1
          i32.add
          global.set $assembly/replay/contestedCount
          local.get $5
          local.get $0
          i32.const 2
          i32.shl
          i32.add
          local.get $4
          i32.store
         end
        end
        local.get $16
        local.get $4
        i32.const 2
        i32.shl
        i32.add
        local.get $19
        i32.store
        local.get $17
        local.get $19
        i32.const 2
        i32.shl
        i32.add
        i32.const -1
        i32.store
       end
      end
     else
      i32.const 2
      local.set $20
     end
     local.get $18
     local.get $19
     i32.add
     local.get $20
     i32.store8
    end
    local.get $19
    i32.const 1
    i32.add
    local.set $19
    br $for-loop|0
   end
  end
  i32.const 1
 )
 (func $assembly/replay/resolveChains
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  i32.const 1280
  i32.load
  local.set $4
  i32.const 1240
  i32.load
  local.set $5
  i32.const 1260
  i32.load
  local.set $7
  i32.const 1264
  i32.load
  local.set $6
  i32.const 1232
  i32.load
  local.set $10
  i32.const 1244
  i32.load
  local.set $8
  i32.const 1248
  i32.load
  local.set $9
  loop $for-loop|0
   local.get $1
   global.get $assembly/replay/people
   i32.lt_s
   if
    local.get $1
    local.get $4
    i32.add
    i32.load8_u
    local.tee $0
    i32.const 6
    i32.eq
    if
     local.get $8
     local.get $5
     local.get $1
     i32.const 2
     i32.shl
     i32.add
     i32.load
     i32.const 2
     i32.shl
     local.tee $2
     i32.add
     i32.const 0
     i32.store
     local.get $2
     local.get $9
     i32.add
     i32.const -1
     i32.store
    end
    local.get $0
    i32.const 254
    i32.eq
    if
     i32.const 0
     local.set $2
     local.get $1
     local.set $0
     loop $for-loop|1 (result i32)
      block $for-break1 (result i32)
       local.get $2
       local.tee $3
       i32.const 1
       i32.add
       local.set $2
       local.get $7
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       local.get $0
       i32.store
       local.get $0
       local.get $6
       i32.add
       i32.const 1
       i32.store8
       i32.const 1
       local.get $10
       local.get $5
       local.get $0
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $0
       i32.const 0
       i32.lt_s
       br_if $for-break1
       drop
       i32.const 7
       local.get $0
       local.get $6
       i32.add
       i32.load8_u
       i32.const 1
       i32.eq
       br_if $for-break1
       drop
       local.get $0
       local.get $4
       i32.add
       i32.load8_u
       local.tee $3
       i32.const 254
       i32.eq
       br_if $for-loop|1
       i32.const 1
       i32.const 5
       local.get $3
       i32.const 1
       i32.eq
       select
      end
     end
     local.set $13
     i32.const 0
     local.set $0
     loop $for-loop|2
      local.get $0
      local.get $2
      i32.lt_s
      if
       local.get $4
       local.get $7
       local.get $0
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $3
       i32.add
       local.get $13
       i32.store8
       local.get $3
       local.get $6
       i32.add
       i32.const 0
       i32.store8
       local.get $8
       local.get $3
       i32.const 2
       i32.shl
       local.tee $14
       local.get $5
       i32.add
       i32.load
       local.tee $11
       i32.const 2
       i32.shl
       local.tee $12
       i32.add
       i32.const 0
       i32.store
       local.get $9
       local.get $12
       i32.add
       i32.const -1
       i32.store
       local.get $13
       i32.const 1
       i32.eq
       if
        local.get $3
        i32.const 1232
        i32.load
        local.tee $12
        i32.const 1176
        i32.load
        local.tee $15
        local.get $14
        i32.add
        i32.load
        i32.const 2
        i32.shl
        i32.add
        local.tee $14
        i32.load
        i32.eq
        if
         local.get $14
         i32.const -1
         i32.store
        end
        local.get $15
        local.get $3
        i32.const 2
        i32.shl
        i32.add
        local.get $11
        i32.store
        local.get $11
        i32.const 1224
        i32.load
        i32.add
        i32.load8_u
        i32.const 1
        i32.eq
        if
         local.get $3
         i32.const 1216
         i32.load
         i32.add
         i32.const 2
         i32.store8
         local.get $3
         i32.const 1284
         i32.load
         i32.add
         i32.const 2
         i32.store8
        else
         i32.const 1172
         i32.load
         local.get $11
         i32.const 2
         i32.shl
         i32.add
         i32.load
         i32.const 0
         i32.ge_s
         if
          local.get $3
          i32.const 1216
          i32.load
          i32.add
          i32.const 1
          i32.store8
          local.get $3
          i32.const 1284
          i32.load
          i32.add
          i32.const 1
          i32.store8
         else
          local.get $12
          local.get $11
          i32.const 2
          i32.shl
          i32.add
          local.get $3
          i32.store
         end
        end
       end
       local.get $0
       i32.const 1
       i32.add
       local.set $0
       br $for-loop|2
      end
     end
    end
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
 )
 (func $assembly/replay/regrow (param $0 i32) (param $1 i32) (result i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  local.get $1
  global.get $assembly/replay/logSteps
  i32.lt_s
  local.get $0
  global.get $assembly/replay/logLength
  i32.lt_s
  i32.or
  if
   i32.const -1
   return
  end
  global.get $assembly/replay/logLength
  local.set $2
  global.get $assembly/replay/logSteps
  local.set $3
  i32.const 1576
  i32.const 1168
  i32.const 192
  memory.copy
  i32.const 1768
  i32.const 1384
  i32.const 192
  memory.copy
  global.get $assembly/replay/width
  global.get $assembly/replay/height
  global.get $assembly/replay/people
  global.get $assembly/replay/ignitionCount
  local.get $0
  local.get $1
  call $assembly/replay/prepare
  i32.eqz
  local.set $1
  i32.const 0
  local.set $0
  loop $for-loop|0
   local.get $0
   i32.const 48
   i32.lt_s
   i32.const 0
   local.get $1
   select
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1768
    i32.add
    i32.load
    local.tee $4
    if (result i32)
     local.get $1
     i32.const 1168
     i32.add
     i32.load
     local.get $1
     i32.const 1576
     i32.add
     i32.load
     i32.ge_u
     if (result i32)
      local.get $1
      i32.const 1384
      i32.add
      i32.load
      local.get $4
      i32.ge_u
     else
      i32.const 0
     end
    else
     i32.const 1
    end
    local.set $1
    local.get $0
    i32.const 1
    i32.add
    local.set $0
    br $for-loop|0
   end
  end
  local.get $1
  i32.eqz
  if
   i32.const 1168
   i32.const 1576
   i32.const 192
   memory.copy
   i32.const 1384
   i32.const 1768
   i32.const 192
   memory.copy
   local.get $2
   global.set $assembly/replay/logLength
   local.get $3
   global.set $assembly/replay/logSteps
   i32.const -1
   return
  end
  i32.const 47
  local.set $0
  loop $for-loop|1
   local.get $0
   i32.const 0
   i32.ge_s
   if
    local.get $0
    i32.const 2
    i32.shl
    local.tee $1
    i32.const 1576
    i32.add
    i32.load
    local.tee $2
    local.get $1
    i32.const 1168
    i32.add
    i32.load
    local.tee $3
    i32.ne
    if
     local.get $3
     local.get $2
     local.get $1
     i32.const 1768
     i32.add
     i32.load
     memory.copy
    end
    local.get $0
    i32.const 1
    i32.sub
    local.set $0
    br $for-loop|1
   end
  end
  i32.const 0
 )
 (func $assembly/replay/region (param $0 i32) (result i32)
  local.get $0
  i32.const 2
  i32.shl
  i32.const 1168
  i32.add
  i32.load
 )
 (func $assembly/replay/readTextLog (result i32)
  (local $0 i32)
  call $assembly/record_text/readLog
  if
   i32.const -1
   return
  end
  global.get $assembly/replay/width
  global.get $assembly/replay/height
  global.get $assembly/replay/people
  global.get $assembly/replay/ignitionCount
  global.get $assembly/record_text/entriesRead
  global.get $assembly/record_text/stepsRead
  local.tee $0
  call $assembly/replay/prepare
  drop
  i32.const 1308
  global.get $assembly/record_text/text
  i32.store
  i32.const 1312
  global.get $assembly/record_text/names
  i32.store
  i32.const 1316
  global.get $assembly/record_text/nameEnds
  i32.store
  i32.const 1320
  global.get $assembly/record_text/startAddress
  i32.store
  i32.const 1324
  global.get $assembly/record_text/logEnds
  i32.store
  i32.const 1288
  i32.load
  global.get $assembly/record_text/logEnds
  local.get $0
  i32.const 2
  i32.shl
  memory.copy
  local.get $0
 )
 (func $assembly/replay/prepareText (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (param $8 i32) (result i32)
  local.get $0
  local.get $1
  local.get $2
  local.get $3
  local.get $4
  local.get $5
  call $assembly/replay/prepare
  if
   i32.const -1
   return
  end
  global.get $assembly/replay/preparedTop
  local.get $2
  global.get $assembly/replay/cells
  local.get $4
  local.get $5
  local.get $3
  local.get $6
  local.get $7
  local.get $8
  call $assembly/record_text/placeText
 )
 (func $assembly/replay/ignitesWord (param $0 i64) (param $1 i64) (param $2 i32) (result i32)
  i32.const 1
  local.get $0
  local.get $1
  i64.lt_u
  local.get $2
  select
  i32.const 0
  i32.ne
 )
 (func $assembly/replay/heapBase (result i32)
  i32.const 5900
 )
 (func $assembly/replay/entriesConsumed (result i32)
  global.get $assembly/replay/consumed
 )
 (func $assembly/replay/compareText (result i32)
  global.get $assembly/replay/width
  global.get $assembly/replay/steps
  global.get $assembly/replay/termination
  call $assembly/record_text/compareRecord
 )
 (func $assembly/replay/checkTrace (result i32)
  global.get $assembly/replay/width
  global.get $assembly/replay/height
  global.get $assembly/replay/people
  global.get $assembly/replay/ignitionCount
  global.get $assembly/replay/exitCount
  global.get $assembly/replay/steps
  global.get $assembly/replay/termination
  global.get $assembly/replay/horizon
  call $assembly/trace_checks/checkRegions
 )
 (func $assembly/replay/begin (param $0 i32) (param $1 i32) (param $2 i64) (param $3 i64) (param $4 i32) (result i32)
  local.get $1
  i32.const 0
  i32.ne
  global.set $assembly/replay/blocked
  local.get $4
  i32.const 0
  i32.ne
  global.set $assembly/replay/always
  local.get $3
  global.set $assembly/replay/threshold
  local.get $0
  global.set $assembly/replay/horizon
  local.get $2
  i64.const -3335678366873096957
  i64.xor
  local.tee $3
  local.get $3
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $3
  local.get $3
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $3
  local.get $3
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/fireState
  local.get $2
  i64.const -6671356733746193914
  i64.xor
  local.tee $2
  local.get $2
  i64.const 30
  i64.shr_u
  i64.xor
  i64.const -4658895280553007687
  i64.mul
  local.tee $2
  local.get $2
  i64.const 27
  i64.shr_u
  i64.xor
  i64.const -7723592293110705685
  i64.mul
  local.tee $2
  local.get $2
  i64.const 31
  i64.shr_u
  i64.xor
  global.set $assembly/replay/movementState
  call $assembly/replay/initialState
  global.get $assembly/replay/activeCount
 )
 (func $assembly/record_text/readLog (result i32)
  (local $0 i32)
  (local $1 i32)
  (local $2 i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  global.get $assembly/record_text/table
  i32.load offset=16
  local.set $7
  i32.const 0
  global.set $assembly/record_text/entriesRead
  i32.const 0
  global.set $assembly/record_text/stepsRead
  i32.const 1088
  i32.const 0
  call $assembly/record_text/find
  local.tee $9
  i32.const 0
  i32.lt_s
  if
   i32.const -1
   return
  end
  global.get $assembly/record_text/textLength
  local.set $8
  loop $for-loop|0
   i32.const 1136
   local.get $9
   call $assembly/record_text/find
   local.tee $0
   i32.const 0
   i32.ge_s
   if
    local.get $0
    i32.const 12
    i32.add
    local.tee $4
    local.set $9
    loop $while-continue|1
     local.get $8
     local.get $9
     i32.gt_s
     if (result i32)
      local.get $9
      global.get $assembly/record_text/text
      i32.add
      i32.load8_u
      i32.const 125
      i32.ne
     else
      i32.const 0
     end
     if
      local.get $9
      i32.const 1
      i32.add
      local.set $9
      br $while-continue|1
     end
    end
    local.get $8
    local.get $9
    i32.le_s
    if
     i32.const -1
     return
    end
    i32.const -1
    local.set $1
    local.get $4
    local.set $0
    loop $for-loop|2
     local.get $4
     local.get $9
     i32.lt_s
     local.get $0
     local.get $9
     i32.le_s
     i32.and
     if
      local.get $0
      global.get $assembly/record_text/text
      i32.add
      i32.load8_u
      local.tee $3
      i32.const 58
      i32.eq
      if (result i32)
       local.get $0
      else
       local.get $0
       local.get $9
       i32.eq
       local.get $3
       i32.const 44
       i32.eq
       i32.or
       if (result i32)
        local.get $5
        global.get $assembly/record_text/entriesCap
        i32.ge_s
        if
         i32.const -1
         return
        end
        local.get $5
        local.tee $3
        i32.const 1
        i32.add
        local.set $5
        local.get $3
        local.get $7
        i32.add
        local.get $1
        i32.const 0
        i32.lt_s
        if (result i32)
         i32.const 255
        else
         block $__inlined_func$assembly/record_text/codeAt$6 (result i32)
          local.get $0
          local.get $1
          i32.const 1
          i32.add
          local.tee $6
          i32.sub
          local.tee $1
          i32.const 6
          i32.eq
          if
           i32.const 1980
           i32.load
           i32.const 1
           i32.shr_u
           local.set $3
           i32.const 0
           local.set $1
           i32.const 0
           block $__inlined_func$assembly/record_text/matches$134 (result i32)
            loop $for-loop|00
             local.get $1
             local.get $3
             i32.lt_s
             if
              i32.const 0
              global.get $assembly/record_text/text
              local.get $1
              local.get $6
              i32.add
              i32.add
              i32.load8_u
              local.get $1
              i32.const 1
              i32.shl
              i32.const 1984
              i32.add
              i32.load16_u
              i32.const 255
              i32.and
              i32.ne
              br_if $__inlined_func$assembly/record_text/matches$134
              drop
              local.get $1
              i32.const 1
              i32.add
              local.set $1
              br $for-loop|00
             end
            end
            i32.const 1
           end
           br_if $__inlined_func$assembly/record_text/codeAt$6
           drop
           i32.const 2012
           i32.load
           i32.const 1
           i32.shr_u
           local.set $3
           i32.const 0
           local.set $1
           i32.const 2
           block $__inlined_func$assembly/record_text/matches$135 (result i32)
            loop $for-loop|03
             local.get $1
             local.get $3
             i32.lt_s
             if
              i32.const 0
              global.get $assembly/record_text/text
              local.get $1
              local.get $6
              i32.add
              i32.add
              i32.load8_u
              local.get $1
              i32.const 1
              i32.shl
              i32.const 2016
              i32.add
              i32.load16_u
              i32.const 255
              i32.and
              i32.ne
              br_if $__inlined_func$assembly/record_text/matches$135
              drop
              local.get $1
              i32.const 1
              i32.add
              local.set $1
              br $for-loop|03
             end
            end
            i32.const 1
           end
           br_if $__inlined_func$assembly/record_text/codeAt$6
           drop
           i32.const 2044
           i32.load
           i32.const 1
           i32.shr_u
           local.set $3
           i32.const 0
           local.set $1
           i32.const 4
           block $__inlined_func$assembly/record_text/matches$136 (result i32)
            loop $for-loop|07
             local.get $1
             local.get $3
             i32.lt_s
             if
              i32.const 0
              global.get $assembly/record_text/text
              local.get $1
              local.get $6
              i32.add
              i32.add
              i32.load8_u
              local.get $1
              i32.const 1
              i32.shl
              i32.const 2048
              i32.add
              i32.load16_u
              i32.const 255
              i32.and
              i32.ne
              br_if $__inlined_func$assembly/record_text/matches$136
              drop
              local.get $1
              i32.const 1
              i32.add
              local.set $1
              br $for-loop|07
             end
            end
            i32.const 1
           end
           br_if $__inlined_func$assembly/record_text/codeAt$6
           drop
          else
           local.get $1
           i32.const 7
           i32.eq
           if
            i32.const 2076
            i32.load
            i32.const 1
            i32.shr_u
            local.set $3
            i32.const 0
            local.set $1
            i32.const 1
            block $__inlined_func$assembly/record_text/matches$137 (result i32)
             loop $for-loop|011
              local.get $1
              local.get $3
              i32.lt_s
              if
               i32.const 0
               global.get $assembly/record_text/text
               local.get $1
               local.get $6
               i32.add
               i32.add
               i32.load8_u
               local.get $1
               i32.const 1
               i32.shl
               i32.const 2080
               i32.add
               i32.load16_u
               i32.const 255
               i32.and
               i32.ne
               br_if $__inlined_func$assembly/record_text/matches$137
               drop
               local.get $1
               i32.const 1
               i32.add
               local.set $1
               br $for-loop|011
              end
             end
             i32.const 1
            end
            br_if $__inlined_func$assembly/record_text/codeAt$6
            drop
            i32.const 2124
            i32.load
            i32.const 1
            i32.shr_u
            local.set $3
            i32.const 0
            local.set $1
            i32.const 3
            block $__inlined_func$assembly/record_text/matches$138 (result i32)
             loop $for-loop|015
              local.get $1
              local.get $3
              i32.lt_s
              if
               i32.const 0
               global.get $assembly/record_text/text
               local.get $1
               local.get $6
               i32.add
               i32.add
               i32.load8_u
               local.get $1
               i32.const 1
               i32.shl
               i32.const 2128
               i32.add
               i32.load16_u
               i32.const 255
               i32.and
               i32.ne
               br_if $__inlined_func$assembly/record_text/matches$138
               drop
               local.get $1
               i32.const 1
               i32.add
               local.set $1
               br $for-loop|015
              end
             end
             i32.const 1
            end
            br_if $__inlined_func$assembly/record_text/codeAt$6
            drop
           end
          end
          i32.const 255
         end
        end
        i32.store8
        i32.const -1
       else
        local.get $1
       end
      end
      local.set $1
      local.get $0
      i32.const 1
      i32.add
      local.set $0
      br $for-loop|2
     end
    end
    local.get $2
    global.get $assembly/record_text/stepsCap
    i32.ge_s
    if
     i32.const -1
     return
    else
     local.get $2
     local.tee $0
     i32.const 1
     i32.add
     local.set $2
     global.get $assembly/record_text/logEnds
     local.get $0
     i32.const 2
     i32.shl
     i32.add
     local.get $5
     i32.store
     br $for-loop|0
    end
    unreachable
   end
  end
  local.get $5
  global.set $assembly/record_text/entriesRead
  local.get $2
  global.set $assembly/record_text/stepsRead
  i32.const 0
 )
 (func $assembly/record_text/placeText (param $0 i64) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 i32) (param $5 i32) (param $6 i32) (param $7 i32) (param $8 i32) (result i32)
  (local $9 i64)
  (local $10 i64)
  (local $11 i64)
  (local $12 i64)
  i32.const 1168
  global.set $assembly/record_text/table
  local.get $1
  global.set $assembly/record_text/people
  local.get $5
  global.set $assembly/record_text/initialIgnitions
  local.get $3
  global.set $assembly/record_text/entriesCap
  local.get $4
  global.set $assembly/record_text/stepsCap
  local.get $6
  global.set $assembly/record_text/textLength
  local.get $0
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/text
  local.get $6
  i64.extend_i32_s
  local.tee $9
  local.get $0
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/names
  local.get $0
  local.get $7
  i64.extend_i32_s
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/nameEnds
  local.get $0
  local.get $8
  i64.extend_i32_s
  i64.const 2
  i64.shl
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/startAddress
  local.get $0
  local.get $1
  i64.extend_i32_s
  local.tee $10
  i64.const 2
  i64.shl
  local.tee $0
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $11
  i32.wrap_i64
  global.set $assembly/record_text/logEnds
  local.get $11
  local.get $4
  i64.extend_i32_s
  i64.const 2
  i64.shl
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $11
  i32.wrap_i64
  global.set $assembly/record_text/position
  local.get $0
  local.get $11
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/status
  local.get $0
  local.get $10
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/cause
  local.get $0
  local.get $10
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/burningA
  local.get $0
  local.get $2
  i64.extend_i32_s
  local.tee $11
  i64.const 2
  i64.shl
  local.tee $12
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/burningB
  local.get $0
  local.get $12
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/casualties
  local.get $0
  local.get $10
  i64.const 3
  i64.shl
  local.tee $0
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $10
  i32.wrap_i64
  global.set $assembly/record_text/evacuations
  local.get $2
  global.set $assembly/record_text/cells
  local.get $2
  i32.const 65536
  i32.le_s
  local.get $9
  local.get $11
  i64.const 6
  i64.shl
  i64.ge_s
  i32.and
  global.set $assembly/record_text/cached
  local.get $0
  local.get $10
  i64.add
  i64.const 7
  i64.add
  i64.const -8
  i64.and
  local.tee $0
  i32.wrap_i64
  global.set $assembly/record_text/cellTexts
  global.get $assembly/record_text/cached
  if (result i64)
   local.get $0
   local.get $11
   i64.const 4
   i64.shl
   i64.add
   i64.const 7
   i64.add
   i64.const -8
   i64.and
  else
   local.get $0
  end
  i64.const 16
  i64.add
  local.tee $0
  i64.const 4294901760
  i64.gt_u
  if
   i32.const -1
   return
  end
  local.get $0
  i64.const 65535
  i64.add
  i64.const 16
  i64.shr_u
  i32.wrap_i64
  local.tee $1
  memory.size
  local.tee $2
  i32.gt_s
  if (result i32)
   local.get $1
   local.get $2
   i32.sub
   memory.grow
   i32.const 0
   i32.lt_s
  else
   i32.const 0
  end
  if
   i32.const -1
   return
  end
  i32.const 1308
  global.get $assembly/record_text/text
  i32.store
  i32.const 1312
  global.get $assembly/record_text/names
  i32.store
  i32.const 1316
  global.get $assembly/record_text/nameEnds
  i32.store
  i32.const 1320
  global.get $assembly/record_text/startAddress
  i32.store
  i32.const 1324
  global.get $assembly/record_text/logEnds
  i32.store
  i32.const 0
 )
 (func $assembly/record_text/compareRecord (param $0 i32) (param $1 i32) (param $2 i32) (result i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i32)
  (local $7 i32)
  (local $8 i32)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i32)
  (local $13 i32)
  (local $14 i32)
  (local $15 i32)
  (local $16 i32)
  (local $17 i32)
  (local $18 i32)
  (local $19 i32)
  (local $20 i32)
  (local $21 i32)
  i32.const 1168
  global.set $assembly/record_text/table
  local.get $0
  global.set $assembly/record_text/width
  global.get $assembly/record_text/cached
  if
   loop $for-loop|0
    local.get $6
    global.get $assembly/record_text/cells
    i32.lt_s
    if
     local.get $6
     global.get $assembly/record_text/width
     i32.div_s
     local.set $7
     i32.const 1055
     i32.const 93
     i32.store8
     i32.const 0
     local.get $6
     local.get $7
     global.get $assembly/record_text/width
     i32.mul
     i32.sub
     local.tee $4
     i32.sub
     local.get $4
     local.get $4
     i32.const 0
     i32.lt_s
     select
     local.set $5
     i32.const 1055
     local.set $3
     loop $do-loop|0
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      local.get $5
      i32.const 10
      i32.rem_u
      i32.const 48
      i32.add
      i32.store8
      local.get $5
      i32.const 10
      i32.div_u
      local.tee $5
      br_if $do-loop|0
     end
     local.get $4
     i32.const 0
     i32.lt_s
     if
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      i32.const 45
      i32.store8
     end
     local.get $3
     i32.const 1
     i32.sub
     local.tee $3
     i32.const 44
     i32.store8
     i32.const 0
     local.get $7
     i32.sub
     local.get $7
     local.get $7
     i32.const 0
     i32.lt_s
     select
     local.set $4
     loop $do-loop|00
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      local.get $4
      i32.const 10
      i32.rem_u
      i32.const 48
      i32.add
      i32.store8
      local.get $4
      i32.const 10
      i32.div_u
      local.tee $4
      br_if $do-loop|00
     end
     local.get $7
     i32.const 0
     i32.lt_s
     if
      local.get $3
      i32.const 1
      i32.sub
      local.tee $3
      i32.const 45
      i32.store8
     end
     local.get $3
     i32.const 1
     i32.sub
     local.tee $3
     i32.const 91
     i32.store8
     global.get $assembly/record_text/cellTexts
     local.get $6
     i32.const 4
     i32.shl
     i32.add
     local.tee $4
     i32.const 1056
     local.get $3
     i32.sub
     local.tee $5
     i32.store8
     local.get $4
     i32.const 1
     i32.add
     local.get $3
     local.get $5
     memory.copy
     local.get $6
     i32.const 1
     i32.add
     local.set $6
     br $for-loop|0
    end
   end
  end
  local.get $1
  global.set $assembly/record_text/totalSteps
  local.get $2
  global.set $assembly/record_text/termination
  i32.const 0
  global.set $assembly/record_text/pos
  i32.const -1
  global.set $assembly/record_text/diff
  global.get $assembly/record_text/table
  i32.load offset=20
  local.set $9
  global.get $assembly/record_text/table
  i32.load offset=24
  local.set $14
  global.get $assembly/record_text/table
  i32.load offset=16
  local.set $13
  global.get $assembly/record_text/table
  i32.load offset=28
  local.set $11
  global.get $assembly/record_text/table
  i32.load offset=32
  local.set $10
  global.get $assembly/record_text/table
  i32.load offset=36
  local.set $12
  global.get $assembly/record_text/table
  i32.load offset=4
  local.set $7
  global.get $assembly/record_text/table
  i32.load offset=48
  local.set $4
  global.get $assembly/record_text/table
  i32.load offset=8
  local.set $16
  global.get $assembly/record_text/table
  i32.load offset=52
  local.set $17
  global.get $assembly/record_text/table
  i32.load offset=132
  local.set $8
  global.get $assembly/record_text/status
  i32.const 0
  global.get $assembly/record_text/people
  local.tee $15
  memory.fill
  global.get $assembly/record_text/cause
  i32.const 0
  local.get $15
  memory.fill
  i32.const 1
  local.set $6
  loop $for-loop|00
   local.get $1
   local.get $6
   i32.ge_s
   if
    local.get $11
    local.get $6
    i32.const 1
    i32.sub
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $3
    i32.const 0
    local.set $5
    loop $for-loop|1
     local.get $5
     local.get $15
     i32.lt_s
     if
      block $for-continue|1
       local.get $5
       global.get $assembly/record_text/status
       i32.add
       local.tee $18
       i32.load8_u
       i32.const 1
       i32.eq
       br_if $for-continue|1
       local.get $3
       local.tee $2
       i32.const 1
       i32.add
       local.set $3
       local.get $2
       local.get $14
       i32.add
       i32.load8_u
       local.tee $2
       i32.eqz
       br_if $for-continue|1
       local.get $18
       i32.const 1
       i32.store8
       local.get $2
       i32.const 1
       i32.ne
       if
        local.get $5
        global.get $assembly/record_text/cause
        i32.add
        local.get $2
        i32.store8
       end
      end
      local.get $5
      i32.const 1
      i32.add
      local.set $5
      br $for-loop|1
     end
    end
    local.get $6
    i32.const 1
    i32.add
    local.set $6
    br $for-loop|00
   end
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2176
   i32.const 2172
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  i32.const 0
  local.set $3
  loop $for-loop|2
   global.get $assembly/record_text/diff
   i32.const 0
   i32.lt_s
   local.tee $2
   local.get $3
   local.get $15
   i32.lt_s
   i32.and
   if
    local.get $3
    local.get $4
    i32.add
    i32.load8_u
    local.set $5
    local.get $16
    local.get $3
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $6
    local.get $2
    if
     i32.const 2320
     i32.const 2256
     local.get $3
     select
     local.tee $2
     local.get $2
     i32.const 20
     i32.sub
     i32.load offset=16
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $5
    i32.const 2
    i32.eq
    if
     local.get $3
     global.get $assembly/record_text/cause
     i32.add
     i32.load8_u
     call $assembly/record_text/causeText
    else
     global.get $assembly/record_text/diff
     i32.const 0
     i32.lt_s
     if
      i32.const 2480
      i32.const 2476
      i32.load
      i32.const 1
      i32.shr_u
      call $assembly/record_text/chars
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 2512
     i32.const 2508
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $5
    i32.const 1
    i32.eq
    if
     local.get $7
     local.get $6
     i32.const 2
     i32.shl
     i32.add
     i32.load
     global.get $assembly/record_text/people
     i32.const 1
     i32.add
     i32.add
     call $assembly/record_text/name
    else
     global.get $assembly/record_text/diff
     i32.const 0
     i32.lt_s
     if
      i32.const 2480
      i32.const 2476
      i32.load
      i32.const 1
      i32.shr_u
      call $assembly/record_text/chars
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 2560
     i32.const 2556
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $3
    i32.const 1
    i32.add
    call $assembly/record_text/name
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 2608
     i32.const 2604
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $6
    call $assembly/record_text/cell
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 2656
     i32.const 2652
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $5
    if
     local.get $17
     local.get $3
     i32.const 2
     i32.shl
     i32.add
     i32.load
     call $assembly/record_text/int
    else
     global.get $assembly/record_text/diff
     i32.const 0
     i32.lt_s
     if
      i32.const 2480
      i32.const 2476
      i32.load
      i32.const 1
      i32.shr_u
      call $assembly/record_text/chars
     end
    end
    local.get $5
    call $assembly/record_text/statusClose
    local.get $3
    i32.const 1
    i32.add
    local.set $3
    br $for-loop|2
   end
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2912
   i32.const 2908
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $1
  call $assembly/record_text/int
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 2960
   i32.const 2956
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $1
  call $assembly/record_text/reason
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3120
   i32.const 3116
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  local.get $1
  call $assembly/record_text/trappedSet
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3200
   i32.const 3196
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  i32.const 0
  call $assembly/record_text/name
  global.get $assembly/record_text/status
  i32.const 0
  local.get $15
  memory.fill
  global.get $assembly/record_text/position
  global.get $assembly/record_text/startAddress
  local.get $15
  i32.const 2
  i32.shl
  memory.copy
  global.get $assembly/record_text/burningA
  global.get $assembly/record_text/table
  i32.load offset=12
  global.get $assembly/record_text/initialIgnitions
  i32.const 2
  i32.shl
  memory.copy
  global.get $assembly/record_text/initialIgnitions
  global.set $assembly/record_text/burningCount
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3248
   i32.const 3244
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  i32.const 0
  call $assembly/record_text/snapshot
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3664
   i32.const 3660
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  i32.const 1
  local.set $16
  loop $for-loop|3
   global.get $assembly/record_text/diff
   i32.const 0
   i32.lt_s
   local.tee $2
   local.get $1
   local.get $16
   i32.ge_s
   i32.and
   if
    local.get $11
    local.get $16
    i32.const 1
    i32.sub
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $4
    local.get $2
    if
     i32.const 1136
     i32.const 3712
     local.get $16
     i32.const 1
     i32.eq
     select
     local.tee $2
     local.get $2
     i32.const 20
     i32.sub
     i32.load offset=16
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    i32.const 0
    local.set $3
    i32.const 0
    local.set $5
    local.get $4
    local.set $2
    i32.const 0
    local.set $6
    loop $for-loop|4
     local.get $6
     local.get $15
     i32.lt_s
     if
      local.get $6
      global.get $assembly/record_text/status
      i32.add
      i32.load8_u
      i32.eqz
      if
       local.get $2
       local.get $14
       i32.add
       i32.load8_u
       local.set $17
       local.get $2
       local.get $4
       i32.ne
       global.get $assembly/record_text/diff
       i32.const 0
       i32.lt_s
       i32.and
       if
        i32.const 3168
        i32.const 3164
        i32.load
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $6
       i32.const 1
       i32.add
       call $assembly/record_text/name
       local.get $2
       local.get $13
       i32.add
       i32.load8_u
       local.tee $18
       if (result i32)
        local.get $18
        i32.const 1
        i32.eq
        if (result i32)
         i32.const 3808
        else
         local.get $18
         i32.const 2
         i32.eq
         if (result i32)
          i32.const 3856
         else
          i32.const 3904
          i32.const 3952
          local.get $18
          i32.const 3
          i32.eq
          select
         end
        end
       else
        i32.const 3760
       end
       local.set $18
       global.get $assembly/record_text/diff
       i32.const 0
       i32.lt_s
       if
        local.get $18
        local.get $18
        i32.const 20
        i32.sub
        i32.load offset=16
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $17
       i32.const 1
       i32.eq
       if
        global.get $assembly/record_text/evacuations
        local.get $5
        i32.const 2
        i32.shl
        i32.add
        local.get $6
        i32.store
        local.get $5
        i32.const 1
        i32.add
        local.tee $17
        i32.const 1
        i32.add
        local.set $5
        global.get $assembly/record_text/evacuations
        local.get $17
        i32.const 2
        i32.shl
        i32.add
        local.get $2
        i32.store
       else
        local.get $17
        if
         global.get $assembly/record_text/casualties
         local.get $3
         i32.const 2
         i32.shl
         i32.add
         local.get $6
         i32.store
         local.get $3
         i32.const 1
         i32.add
         local.tee $17
         i32.const 1
         i32.add
         local.set $3
         global.get $assembly/record_text/casualties
         local.get $17
         i32.const 2
         i32.shl
         i32.add
         local.get $2
         i32.store
        end
       end
       local.get $2
       i32.const 1
       i32.add
       local.set $2
      end
      local.get $6
      i32.const 1
      i32.add
      local.set $6
      br $for-loop|4
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 4000
     i32.const 3996
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    i32.const 0
    local.set $2
    loop $for-loop|5
     local.get $2
     local.get $3
     i32.lt_s
     if
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 4112
       i32.const 4064
       local.get $2
       select
       local.tee $6
       local.get $6
       i32.const 20
       i32.sub
       i32.load offset=16
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      global.get $assembly/record_text/casualties
      local.get $2
      i32.const 1
      i32.add
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.get $14
      i32.add
      i32.load8_u
      call $assembly/record_text/causeText
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 2560
       i32.const 2556
       i32.load
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      global.get $assembly/record_text/casualties
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      i32.load
      i32.const 1
      i32.add
      call $assembly/record_text/name
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 4160
       i32.const 4156
       i32.load
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      local.get $2
      i32.const 2
      i32.add
      local.set $2
      br $for-loop|5
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 4192
     i32.const 4188
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    i32.const 0
    local.set $2
    loop $for-loop|6
     local.get $2
     local.get $5
     i32.lt_s
     if
      global.get $assembly/record_text/evacuations
      local.get $2
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $3
      global.get $assembly/record_text/evacuations
      local.get $2
      i32.const 1
      i32.add
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.get $13
      i32.add
      i32.load8_u
      local.set $6
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 4304
       i32.const 4256
       local.get $2
       select
       local.tee $17
       local.get $17
       i32.const 20
       i32.sub
       i32.load offset=16
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      local.get $7
      global.get $assembly/record_text/position
      local.get $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.get $6
      i32.const 2
      i32.eq
      if (result i32)
       i32.const 1
      else
       i32.const -1
       i32.const 0
       local.get $6
       i32.const 4
       i32.eq
       select
      end
      global.get $assembly/record_text/width
      i32.const -1
      local.get $6
      i32.const 3
      i32.eq
      local.get $6
      i32.const 1
      i32.eq
      select
      i32.mul
      i32.add
      i32.add
      i32.const 2
      i32.shl
      i32.add
      i32.load
      global.get $assembly/record_text/people
      i32.const 1
      i32.add
      i32.add
      call $assembly/record_text/name
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 2560
       i32.const 2556
       i32.load
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      local.get $3
      i32.const 1
      i32.add
      call $assembly/record_text/name
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      if
       i32.const 4160
       i32.const 4156
       i32.load
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      local.get $2
      i32.const 2
      i32.add
      local.set $2
      br $for-loop|6
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 4352
     i32.const 4348
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $10
    local.get $16
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.set $17
    local.get $10
    local.get $16
    i32.const 1
    i32.sub
    i32.const 2
    i32.shl
    i32.add
    i32.load
    local.tee $6
    local.set $3
    loop $for-loop|7
     local.get $3
     local.get $17
     i32.lt_s
     if
      global.get $assembly/record_text/diff
      i32.const 0
      i32.lt_s
      local.get $3
      local.get $6
      i32.gt_s
      i32.and
      if
       i32.const 3168
       i32.const 3164
       i32.load
       i32.const 1
       i32.shr_u
       call $assembly/record_text/chars
      end
      local.get $12
      local.get $3
      i32.const 2
      i32.shl
      i32.add
      i32.load
      call $assembly/record_text/cell
      local.get $3
      i32.const 1
      i32.add
      local.set $3
      br $for-loop|7
     end
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 4416
     i32.const 4412
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $4
    local.set $2
    i32.const 0
    local.set $3
    loop $for-loop|8
     global.get $assembly/record_text/diff
     i32.const 0
     i32.lt_s
     local.tee $5
     local.get $3
     local.get $15
     i32.lt_s
     i32.and
     if
      local.get $3
      global.get $assembly/record_text/status
      i32.add
      i32.load8_u
      i32.eqz
      if
       local.get $2
       local.get $13
       i32.add
       i32.load8_u
       local.set $18
       local.get $2
       local.get $9
       i32.add
       i32.load8_u
       local.set $19
       local.get $2
       local.get $14
       i32.add
       i32.load8_u
       local.set $20
       local.get $2
       local.get $4
       i32.ne
       i32.const 0
       local.get $5
       select
       if
        i32.const 3168
        i32.const 3164
        i32.load
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $2
       i32.const 1
       i32.add
       local.set $2
       global.get $assembly/record_text/position
       local.get $3
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.set $5
       global.get $assembly/record_text/diff
       i32.const 0
       i32.lt_s
       if
        local.get $18
        if (result i32)
         local.get $18
         i32.const 1
         i32.eq
         if (result i32)
          i32.const 4560
         else
          local.get $18
          i32.const 2
          i32.eq
          if (result i32)
           i32.const 4640
          else
           i32.const 4720
           i32.const 4800
           local.get $18
           i32.const 3
           i32.eq
           select
          end
         end
        else
         i32.const 4480
        end
        local.tee $21
        local.get $21
        i32.const 20
        i32.sub
        i32.load offset=16
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $5
       call $assembly/record_text/cell
       global.get $assembly/record_text/diff
       i32.const 0
       i32.lt_s
       if
        block $break|0 (result i32)
         block $case7|0
          block $case6|0
           block $case5|0
            block $case4|0
             block $case3|0
              block $case2|0
               block $case1|0
                block $case0|0
                 local.get $19
                 br_table $case0|0 $case1|0 $case2|0 $case3|0 $case4|0 $case5|0 $case6|0 $case7|0
                end
                i32.const 4880
                br $break|0
               end
               i32.const 4976
               br $break|0
              end
              i32.const 5072
              br $break|0
             end
             i32.const 5184
             br $break|0
            end
            i32.const 5280
            br $break|0
           end
           i32.const 5376
           br $break|0
          end
          i32.const 5488
          br $break|0
         end
         i32.const 5600
        end
        local.tee $21
        local.get $21
        i32.const 20
        i32.sub
        i32.load offset=16
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $3
       i32.const 1
       i32.add
       call $assembly/record_text/name
       local.get $18
       if (result i32)
        global.get $assembly/record_text/diff
        i32.const 0
        i32.lt_s
        if
         i32.const 5776
         i32.const 5772
         i32.load
         i32.const 1
         i32.shr_u
         call $assembly/record_text/chars
        end
        local.get $5
        local.get $8
        i32.add
        i32.load8_u
        i32.const 1
        local.get $18
        i32.const 1
        i32.sub
        i32.const 7
        i32.and
        i32.shl
        i32.and
        if
         local.get $5
         local.get $18
         i32.const 2
         i32.eq
         if (result i32)
          i32.const 1
         else
          i32.const -1
          i32.const 0
          local.get $18
          i32.const 4
          i32.eq
          select
         end
         global.get $assembly/record_text/width
         i32.const -1
         local.get $18
         i32.const 255
         i32.and
         i32.const 3
         i32.eq
         local.get $18
         i32.const 1
         i32.eq
         select
         i32.mul
         i32.add
         i32.add
         call $assembly/record_text/cell
        else
         local.get $5
         local.get $0
         i32.div_s
         local.tee $21
         i32.const -1
         local.get $18
         i32.const 3
         i32.eq
         local.get $18
         i32.const 1
         i32.eq
         select
         i32.add
         local.get $18
         i32.const 2
         i32.eq
         if (result i32)
          i32.const 1
         else
          i32.const -1
          i32.const 0
          local.get $18
          i32.const 4
          i32.eq
          select
         end
         local.get $5
         local.get $0
         local.get $21
         i32.mul
         i32.sub
         i32.add
         call $assembly/record_text/rowCol
        end
        i32.const 4160
       else
        i32.const 5712
       end
       local.set $21
       global.get $assembly/record_text/diff
       i32.const 0
       i32.lt_s
       if
        local.get $21
        local.get $21
        i32.const 20
        i32.sub
        i32.load offset=16
        i32.const 1
        i32.shr_u
        call $assembly/record_text/chars
       end
       local.get $19
       i32.const 1
       i32.eq
       if
        global.get $assembly/record_text/position
        local.get $3
        i32.const 2
        i32.shl
        i32.add
        local.get $5
        local.get $18
        i32.const 2
        i32.eq
        if (result i32)
         i32.const 1
        else
         i32.const -1
         i32.const 0
         local.get $18
         i32.const 4
         i32.eq
         select
        end
        global.get $assembly/record_text/width
        i32.const -1
        local.get $18
        i32.const 3
        i32.eq
        local.get $18
        i32.const 1
        i32.eq
        select
        i32.mul
        i32.add
        i32.add
        i32.store
       end
       local.get $20
       i32.const 1
       i32.eq
       if
        local.get $3
        global.get $assembly/record_text/status
        i32.add
        i32.const 1
        i32.store8
       else
        local.get $20
        if
         local.get $3
         global.get $assembly/record_text/status
         i32.add
         i32.const 2
         i32.store8
        end
       end
      end
      local.get $3
      i32.const 1
      i32.add
      local.set $3
      br $for-loop|8
     end
    end
    local.get $6
    local.get $17
    i32.lt_s
    if
     i32.const 0
     local.set $5
     local.get $6
     local.set $2
     i32.const 0
     local.set $3
     global.get $assembly/record_text/burningCount
     local.set $18
     loop $while-continue|0
      local.get $5
      local.get $18
      i32.lt_s
      local.get $2
      local.get $17
      i32.lt_s
      i32.and
      if
       global.get $assembly/record_text/burningA
       local.get $5
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $4
       local.get $12
       local.get $2
       i32.const 2
       i32.shl
       i32.add
       i32.load
       local.tee $6
       i32.lt_s
       if
        global.get $assembly/record_text/burningB
        local.get $3
        i32.const 2
        i32.shl
        i32.add
        local.get $4
        i32.store
        local.get $5
        i32.const 1
        i32.add
        local.set $5
       else
        global.get $assembly/record_text/burningB
        local.get $3
        i32.const 2
        i32.shl
        i32.add
        local.get $6
        i32.store
        local.get $2
        i32.const 1
        i32.add
        local.set $2
       end
       local.get $3
       i32.const 1
       i32.add
       local.set $3
       br $while-continue|0
      end
     end
     loop $while-continue|1
      local.get $5
      local.get $18
      i32.lt_s
      if
       local.get $3
       local.tee $4
       i32.const 1
       i32.add
       local.set $3
       local.get $5
       local.tee $6
       i32.const 1
       i32.add
       local.set $5
       global.get $assembly/record_text/burningB
       local.get $4
       i32.const 2
       i32.shl
       i32.add
       global.get $assembly/record_text/burningA
       local.get $6
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.store
       br $while-continue|1
      end
     end
     loop $while-continue|2
      local.get $2
      local.get $17
      i32.lt_s
      if
       local.get $3
       local.tee $4
       i32.const 1
       i32.add
       local.set $3
       local.get $2
       local.tee $5
       i32.const 1
       i32.add
       local.set $2
       global.get $assembly/record_text/burningB
       local.get $4
       i32.const 2
       i32.shl
       i32.add
       local.get $12
       local.get $5
       i32.const 2
       i32.shl
       i32.add
       i32.load
       i32.store
       br $while-continue|2
      end
     end
     global.get $assembly/record_text/burningA
     global.get $assembly/record_text/burningB
     global.set $assembly/record_text/burningA
     global.set $assembly/record_text/burningB
     local.get $3
     global.set $assembly/record_text/burningCount
    end
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 5824
     i32.const 5820
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $16
    call $assembly/record_text/snapshot
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 5872
     i32.const 5868
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $16
    call $assembly/record_text/int
    global.get $assembly/record_text/diff
    i32.const 0
    i32.lt_s
    if
     i32.const 4160
     i32.const 4156
     i32.load
     i32.const 1
     i32.shr_u
     call $assembly/record_text/chars
    end
    local.get $16
    i32.const 1
    i32.add
    local.set $16
    br $for-loop|3
   end
  end
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  if
   i32.const 3632
   i32.const 3628
   i32.load
   i32.const 1
   i32.shr_u
   call $assembly/record_text/chars
  end
  global.get $assembly/record_text/pos
  global.get $assembly/record_text/textLength
  i32.ne
  global.get $assembly/record_text/diff
  i32.const 0
  i32.lt_s
  i32.and
  if
   global.get $assembly/record_text/pos
   global.set $assembly/record_text/diff
  end
  global.get $assembly/record_text/diff
 )
)
