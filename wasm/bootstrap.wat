(module
 (type $0 (func))
 (type $1 (func (result i32)))
 (type $2 (func (param f64 i32)))
 (type $3 (func (param i64) (result i32)))
 (type $4 (func (param i32)))
 (type $5 (func (param f64)))
 (type $6 (func (param i32 i32 i32 i32)))
 (type $7 (func (result f64)))
 (type $8 (func (param i64)))
 (type $9 (func (param i32 i32 i32) (result i32)))
 (global $assembly/bootstrap/first (mut i64) (i64.const 0))
 (global $assembly/bootstrap/shift (mut i32) (i32.const 3))
 (global $assembly/bootstrap/block (mut i64) (i64.const 0))
 (global $assembly/bootstrap/word (mut i32) (i32.const 0))
 (global $assembly/bootstrap/range (mut i64) (i64.const 1))
 (global $assembly/bootstrap/maxAccepted (mut i64) (i64.const 0))
 (memory $0 1)
 (data $0 (i32.const 1024) "\01\00\00\00\00\00\00\00\82\80\00\00\00\00\00\00\8a\80\00\00\00\00\00\80\00\80\00\80\00\00\00\80\8b\80\00\00\00\00\00\00\01\00\00\80\00\00\00\00\81\80\00\80\00\00\00\80\t\80\00\00\00\00\00\80\8a\00\00\00\00\00\00\00\88\00\00\00\00\00\00\00\t\80\00\80\00\00\00\00\n\00\00\80\00\00\00\00\8b\80\00\80\00\00\00\00\8b\00\00\00\00\00\00\80\89\80\00\00\00\00\00\80\03\80\00\00\00\00\00\80\02\80\00\00\00\00\00\80\80\00\00\00\00\00\00\80\n\80\00\00\00\00\00\00\n\00\00\80\00\00\00\80\81\80\00\80\00\00\00\80\80\80\00\00\00\00\00\80\01\00\00\80\00\00\00\00\08\80\00\80\00\00\00\80")
 (data $1 (i32.const 1216) "emberbench/statistics/bootstrap/v1")
 (export "seedAddress" (func $assembly/bootstrap/seedAddress))
 (export "heapBase" (func $assembly/bootstrap/heapBase))
 (export "setSeed" (func $assembly/bootstrap/setSeed))
 (export "setRange" (func $assembly/bootstrap/setRange))
 (export "drawWords" (func $assembly/bootstrap/drawWords))
 (export "seek" (func $assembly/bootstrap/seek))
 (export "position" (func $assembly/bootstrap/position))
 (export "generateBlocks" (func $assembly/bootstrap/generateBlocks))
 (export "blockBytes" (func $assembly/bootstrap/blockBytes))
 (export "resample" (func $assembly/bootstrap/resample))
 (export "memory" (memory $0))
 (start $~start)
 (func $assembly/bootstrap/wordsOf (param $0 i64) (result i32)
  (local $1 i32)
  local.get $0
  global.get $assembly/bootstrap/first
  i64.lt_s
  local.get $0
  global.get $assembly/bootstrap/first
  i64.const 3
  i64.add
  i64.ge_s
  i32.or
  if
   local.get $0
   call $assembly/bootstrap/makeBlocks
  end
  i32.const 3
  i32.const 4
  local.get $0
  global.get $assembly/bootstrap/first
  i64.sub
  local.tee $0
  i64.const 2
  i64.eq
  local.tee $1
  select
  global.set $assembly/bootstrap/shift
  local.get $1
  if (result i32)
   i32.const 10240
  else
   local.get $0
   i32.wrap_i64
   i32.const 3
   i32.shl
   i32.const 2048
   i32.add
  end
 )
 (func $~start
  i64.const -3
  global.set $assembly/bootstrap/first
  i64.const -1
  global.set $assembly/bootstrap/maxAccepted
 )
 (func $assembly/keccak/permute3
  (local $0 i64)
  (local $1 i64)
  (local $2 v128)
  (local $3 v128)
  (local $4 v128)
  (local $5 v128)
  (local $6 v128)
  (local $7 v128)
  (local $8 v128)
  (local $9 v128)
  (local $10 v128)
  (local $11 v128)
  (local $12 v128)
  (local $13 i64)
  (local $14 v128)
  (local $15 i64)
  (local $16 i64)
  (local $17 v128)
  (local $18 v128)
  (local $19 v128)
  (local $20 v128)
  (local $21 v128)
  (local $22 i64)
  (local $23 v128)
  (local $24 i64)
  (local $25 i64)
  (local $26 i64)
  (local $27 i64)
  (local $28 i64)
  (local $29 v128)
  (local $30 v128)
  (local $31 i64)
  (local $32 i64)
  (local $33 i64)
  (local $34 v128)
  (local $35 i64)
  (local $36 v128)
  (local $37 v128)
  (local $38 v128)
  (local $39 v128)
  (local $40 i64)
  (local $41 i64)
  (local $42 i64)
  (local $43 i64)
  (local $44 i64)
  (local $45 i64)
  (local $46 i64)
  (local $47 i64)
  (local $48 i64)
  (local $49 i64)
  (local $50 i32)
  (local $51 i32)
  (local $52 v128)
  (local $53 v128)
  (local $54 v128)
  (local $55 v128)
  (local $56 v128)
  (local $57 v128)
  (local $58 v128)
  (local $59 v128)
  (local $60 i64)
  (local $61 v128)
  (local $62 i64)
  (local $63 i64)
  (local $64 i64)
  (local $65 i64)
  (local $66 i64)
  (local $67 i64)
  (local $68 i64)
  (local $69 i64)
  (local $70 v128)
  (local $71 v128)
  (local $72 i64)
  (local $73 v128)
  (local $74 i64)
  (local $75 v128)
  (local $76 v128)
  (local $77 i64)
  (local $78 i64)
  (local $79 i64)
  (local $80 v128)
  (local $81 i64)
  (local $82 i64)
  (local $83 i64)
  i32.const 1440
  v128.load
  local.set $4
  i32.const 1456
  v128.load
  local.set $2
  i32.const 1472
  v128.load
  local.set $36
  i32.const 1488
  v128.load
  local.set $23
  i32.const 1504
  v128.load
  local.set $17
  i32.const 1520
  v128.load
  local.set $5
  i32.const 1536
  v128.load
  local.set $6
  i32.const 1552
  v128.load
  local.set $10
  i32.const 1568
  v128.load
  local.set $37
  i32.const 1584
  v128.load
  local.set $18
  i32.const 1600
  v128.load
  local.set $3
  i32.const 1616
  v128.load
  local.set $19
  i32.const 1632
  v128.load
  local.set $7
  i32.const 1648
  v128.load
  local.set $38
  i32.const 1664
  v128.load
  local.set $39
  i32.const 1680
  v128.load
  local.set $11
  i32.const 1696
  v128.load
  local.set $12
  i32.const 1712
  v128.load
  local.set $29
  i32.const 1728
  v128.load
  local.set $30
  i32.const 1744
  v128.load
  local.set $20
  i32.const 1760
  v128.load
  local.set $9
  i32.const 1776
  v128.load
  local.set $34
  i32.const 1792
  v128.load
  local.set $21
  i32.const 1808
  v128.load
  local.set $14
  i32.const 1824
  v128.load
  local.set $8
  i32.const 1840
  i64.load
  local.set $31
  i32.const 1848
  i64.load
  local.set $49
  i32.const 1856
  i64.load
  local.set $40
  i32.const 1864
  i64.load
  local.set $41
  i32.const 1872
  i64.load
  local.set $32
  i32.const 1880
  i64.load
  local.set $35
  i32.const 1888
  i64.load
  local.set $24
  i32.const 1896
  i64.load
  local.set $25
  i32.const 1904
  i64.load
  local.set $26
  i32.const 1912
  i64.load
  local.set $27
  i32.const 1920
  i64.load
  local.set $42
  i32.const 1928
  i64.load
  local.set $15
  i32.const 1936
  i64.load
  local.set $0
  i32.const 1944
  i64.load
  local.set $1
  i32.const 1952
  i64.load
  local.set $28
  i32.const 1960
  i64.load
  local.set $43
  i32.const 1968
  i64.load
  local.set $44
  i32.const 1976
  i64.load
  local.set $45
  i32.const 1984
  i64.load
  local.set $22
  i32.const 1992
  i64.load
  local.set $46
  i32.const 2000
  i64.load
  local.set $33
  i32.const 2008
  i64.load
  local.set $47
  i32.const 2016
  i64.load
  local.set $48
  i32.const 2024
  i64.load
  local.set $13
  i32.const 2032
  i64.load
  local.set $16
  loop $for-loop|0
   local.get $50
   i32.const 24
   i32.lt_s
   if
    local.get $4
    local.get $17
    local.get $18
    v128.xor
    local.get $39
    local.get $20
    v128.xor
    v128.xor
    local.get $8
    v128.xor
    local.tee $52
    local.get $2
    local.get $6
    v128.xor
    local.get $19
    local.get $12
    v128.xor
    v128.xor
    local.get $34
    v128.xor
    local.tee $53
    local.get $53
    i64x2.add
    local.get $53
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $54
    v128.xor
    local.tee $55
    local.get $7
    local.get $53
    local.get $23
    local.get $37
    v128.xor
    local.get $38
    local.get $30
    v128.xor
    v128.xor
    local.get $14
    v128.xor
    local.tee $53
    local.get $53
    i64x2.add
    local.get $53
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $56
    v128.xor
    local.tee $57
    i32.const 43
    i64x2.shl
    local.get $57
    i32.const 21
    i64x2.shr_u
    v128.or
    local.tee $57
    local.get $6
    local.get $4
    local.get $5
    v128.xor
    local.get $3
    local.get $11
    v128.xor
    v128.xor
    local.get $9
    v128.xor
    local.tee $4
    local.get $36
    local.get $10
    v128.xor
    local.get $7
    local.get $29
    v128.xor
    v128.xor
    local.get $21
    v128.xor
    local.tee $6
    local.get $6
    i64x2.add
    local.get $6
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $58
    v128.xor
    local.tee $7
    i32.const 44
    i64x2.shl
    local.get $7
    i32.const 20
    i64x2.shr_u
    v128.or
    local.tee $59
    v128.andnot
    v128.xor
    local.get $50
    i32.const 3
    i32.shl
    local.tee $51
    i32.const 1024
    i32.add
    i64.load
    local.tee $60
    i64x2.splat
    v128.xor
    local.set $61
    local.get $60
    local.get $31
    local.get $27
    local.get $32
    i64.xor
    local.get $28
    i64.xor
    local.get $46
    i64.xor
    local.get $16
    i64.xor
    local.tee $60
    local.get $24
    local.get $49
    i64.xor
    local.get $15
    i64.xor
    local.get $44
    i64.xor
    local.get $47
    i64.xor
    local.tee $62
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $63
    i64.xor
    local.tee $64
    local.get $62
    local.get $26
    local.get $41
    i64.xor
    local.get $1
    i64.xor
    local.get $22
    i64.xor
    local.get $13
    i64.xor
    local.tee $65
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $66
    local.get $0
    i64.xor
    i64.const 43
    i64.rotl
    local.tee $67
    local.get $24
    local.get $31
    local.get $35
    i64.xor
    local.get $42
    i64.xor
    local.get $43
    i64.xor
    local.get $33
    i64.xor
    local.tee $24
    local.get $25
    local.get $40
    i64.xor
    local.get $0
    i64.xor
    local.get $45
    i64.xor
    local.get $48
    i64.xor
    local.tee $0
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $31
    i64.xor
    i64.const 44
    i64.rotl
    local.tee $62
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    i64.xor
    local.set $68
    local.get $59
    local.get $30
    local.get $6
    local.get $52
    local.get $52
    i64x2.add
    local.get $52
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $30
    v128.xor
    local.tee $6
    i32.const 21
    i64x2.shl
    local.get $6
    i32.const 43
    i64x2.shr_u
    v128.or
    local.tee $52
    local.get $57
    v128.andnot
    v128.xor
    local.set $7
    local.get $62
    local.get $22
    local.get $0
    local.get $60
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $60
    i64.xor
    i64.const 21
    i64.rotl
    local.tee $69
    local.get $67
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $0
    local.get $57
    local.get $8
    local.get $53
    local.get $4
    local.get $4
    i64x2.add
    local.get $4
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $53
    v128.xor
    local.tee $4
    i32.const 14
    i64x2.shl
    local.get $4
    i32.const 50
    i64x2.shr_u
    v128.or
    local.tee $57
    local.get $52
    v128.andnot
    v128.xor
    local.set $70
    local.get $67
    local.get $65
    local.get $24
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $24
    local.get $16
    i64.xor
    i64.const 14
    i64.rotl
    local.tee $65
    local.get $69
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $16
    local.get $23
    local.get $30
    v128.xor
    local.tee $4
    i32.const 28
    i64x2.shl
    local.get $4
    i32.const 36
    i64x2.shr_u
    v128.or
    local.tee $23
    local.get $3
    local.get $54
    v128.xor
    local.tee $3
    i32.const 3
    i64x2.shl
    local.get $3
    i32.const 61
    i64x2.shr_u
    v128.or
    local.tee $3
    local.get $18
    local.get $53
    v128.xor
    local.tee $4
    i32.const 20
    i64x2.shl
    local.get $4
    i32.const 44
    i64x2.shr_u
    v128.or
    local.tee $18
    v128.andnot
    v128.xor
    local.set $8
    local.get $41
    local.get $60
    i64.xor
    i64.const 28
    i64.rotl
    local.tee $41
    local.get $42
    local.get $63
    i64.xor
    i64.const 3
    i64.rotl
    local.tee $42
    local.get $24
    local.get $27
    i64.xor
    i64.const 20
    i64.rotl
    local.tee $27
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $22
    local.get $18
    local.get $12
    local.get $58
    v128.xor
    local.tee $4
    i32.const 45
    i64x2.shl
    local.get $4
    i32.const 19
    i64x2.shr_u
    v128.or
    local.tee $12
    local.get $3
    v128.andnot
    v128.xor
    local.set $71
    local.get $27
    local.get $31
    local.get $44
    i64.xor
    i64.const 45
    i64.rotl
    local.tee $44
    local.get $42
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $67
    local.get $3
    local.get $21
    local.get $56
    v128.xor
    local.tee $3
    i32.const 61
    i64x2.shl
    local.get $3
    i32.const 3
    i64x2.shr_u
    v128.or
    local.tee $3
    local.get $12
    v128.andnot
    v128.xor
    local.set $21
    local.get $42
    local.get $48
    local.get $66
    i64.xor
    i64.const 61
    i64.rotl
    local.tee $48
    local.get $44
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $42
    local.get $2
    local.get $58
    v128.xor
    local.tee $2
    local.get $2
    i64x2.add
    local.get $2
    i32.const 63
    i64x2.shr_u
    v128.or
    local.tee $2
    local.get $38
    local.get $30
    v128.xor
    local.tee $4
    i32.const 25
    i64x2.shl
    local.get $4
    i32.const 39
    i64x2.shr_u
    v128.or
    local.tee $4
    local.get $10
    local.get $56
    v128.xor
    local.tee $6
    i32.const 6
    i64x2.shl
    local.get $6
    i32.const 58
    i64x2.shr_u
    v128.or
    local.tee $10
    v128.andnot
    v128.xor
    local.set $38
    local.get $31
    local.get $49
    i64.xor
    i64.const 1
    i64.rotl
    local.tee $49
    local.get $1
    local.get $60
    i64.xor
    i64.const 25
    i64.rotl
    local.tee $1
    local.get $25
    local.get $66
    i64.xor
    i64.const 6
    i64.rotl
    local.tee $25
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $72
    local.get $10
    local.get $20
    local.get $53
    v128.xor
    local.tee $6
    local.get $6
    i8x16.shuffle 7 0 1 2 3 4 5 6 15 8 9 10 11 12 13 14
    local.tee $20
    local.get $4
    v128.andnot
    v128.xor
    local.set $73
    local.get $25
    local.get $24
    local.get $46
    i64.xor
    i64.const 8
    i64.rotl
    local.tee $46
    local.get $1
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $74
    local.get $4
    local.get $9
    local.get $54
    v128.xor
    local.tee $4
    i32.const 18
    i64x2.shl
    local.get $4
    i32.const 46
    i64x2.shr_u
    v128.or
    local.tee $4
    local.get $20
    v128.andnot
    v128.xor
    local.set $9
    local.get $1
    local.get $33
    local.get $63
    i64.xor
    i64.const 18
    i64.rotl
    local.tee $1
    local.get $46
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $33
    local.get $17
    local.get $53
    v128.xor
    local.tee $6
    i32.const 27
    i64x2.shl
    local.get $6
    i32.const 37
    i64x2.shr_u
    v128.or
    local.tee $17
    local.get $19
    local.get $58
    v128.xor
    local.tee $6
    i32.const 10
    i64x2.shl
    local.get $6
    i32.const 54
    i64x2.shr_u
    v128.or
    local.tee $19
    local.get $5
    local.get $54
    v128.xor
    local.tee $5
    i32.const 36
    i64x2.shl
    local.get $5
    i32.const 28
    i64x2.shr_u
    v128.or
    local.tee $75
    v128.andnot
    v128.xor
    local.set $76
    local.get $24
    local.get $32
    i64.xor
    i64.const 27
    i64.rotl
    local.tee $32
    local.get $15
    local.get $31
    i64.xor
    i64.const 10
    i64.rotl
    local.tee $15
    local.get $35
    local.get $63
    i64.xor
    i64.const 36
    i64.rotl
    local.tee $35
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $77
    local.get $75
    local.get $29
    local.get $56
    v128.xor
    local.tee $5
    i32.const 15
    i64x2.shl
    local.get $5
    i32.const 49
    i64x2.shr_u
    v128.or
    local.tee $29
    local.get $19
    v128.andnot
    v128.xor
    local.set $6
    local.get $35
    local.get $45
    local.get $66
    i64.xor
    i64.const 15
    i64.rotl
    local.tee $45
    local.get $15
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $78
    local.get $19
    local.get $14
    local.get $30
    v128.xor
    local.tee $5
    local.get $5
    i8x16.shuffle 1 2 3 4 5 6 7 0 9 10 11 12 13 14 15 8
    local.tee $5
    local.get $29
    v128.andnot
    v128.xor
    local.set $14
    local.get $15
    local.get $13
    local.get $60
    i64.xor
    i64.const 56
    i64.rotl
    local.tee $13
    local.get $45
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $79
    local.get $39
    local.get $53
    v128.xor
    local.tee $19
    i32.const 39
    i64x2.shl
    local.get $19
    i32.const 25
    i64x2.shr_u
    v128.or
    local.tee $19
    local.get $34
    local.get $58
    v128.xor
    local.tee $34
    i32.const 2
    i64x2.shl
    local.get $34
    i32.const 62
    i64x2.shr_u
    v128.or
    local.tee $34
    local.get $11
    local.get $54
    v128.xor
    local.tee $11
    i32.const 41
    i64x2.shl
    local.get $11
    i32.const 23
    i64x2.shr_u
    v128.or
    local.tee $11
    v128.andnot
    v128.xor
    local.set $39
    local.get $24
    local.get $28
    i64.xor
    i64.const 39
    i64.rotl
    local.tee $15
    local.get $31
    local.get $47
    i64.xor
    i64.const 2
    i64.rotl
    local.tee $24
    local.get $43
    local.get $63
    i64.xor
    i64.const 41
    i64.rotl
    local.tee $28
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $43
    local.get $61
    local.get $57
    local.get $59
    local.get $55
    v128.andnot
    v128.xor
    local.tee $53
    local.get $3
    local.get $18
    local.get $23
    v128.andnot
    v128.xor
    local.tee $18
    v128.xor
    local.get $4
    local.get $10
    local.get $2
    v128.andnot
    v128.xor
    local.tee $54
    local.get $5
    local.get $75
    local.get $17
    v128.andnot
    v128.xor
    local.tee $58
    v128.xor
    v128.xor
    local.get $34
    local.get $37
    local.get $30
    v128.xor
    local.tee $10
    i32.const 55
    i64x2.shl
    local.get $10
    i32.const 9
    i64x2.shr_u
    v128.or
    local.tee $10
    local.get $36
    local.get $56
    v128.xor
    local.tee $30
    i32.const 62
    i64x2.shl
    local.get $30
    i32.const 2
    i64x2.shr_u
    v128.or
    local.tee $30
    v128.andnot
    v128.xor
    local.tee $36
    v128.xor
    local.tee $37
    local.get $7
    local.get $71
    v128.xor
    local.get $73
    local.get $6
    v128.xor
    v128.xor
    local.get $10
    local.get $11
    local.get $19
    v128.andnot
    v128.xor
    local.tee $56
    v128.xor
    local.tee $59
    local.get $59
    i64x2.add
    local.get $59
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $75
    v128.xor
    local.tee $80
    local.get $9
    local.get $59
    local.get $52
    local.get $55
    local.get $57
    v128.andnot
    v128.xor
    local.tee $52
    local.get $12
    local.get $23
    local.get $3
    v128.andnot
    v128.xor
    local.tee $55
    v128.xor
    local.get $20
    local.get $2
    local.get $4
    v128.andnot
    v128.xor
    local.tee $3
    local.get $29
    local.get $17
    local.get $5
    v128.andnot
    v128.xor
    local.tee $2
    v128.xor
    v128.xor
    local.get $11
    local.get $30
    local.get $34
    v128.andnot
    v128.xor
    local.tee $20
    v128.xor
    local.tee $5
    local.get $5
    i64x2.add
    local.get $5
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $34
    v128.xor
    local.tee $4
    i32.const 43
    i64x2.shl
    local.get $4
    i32.const 21
    i64x2.shr_u
    v128.or
    local.tee $11
    local.get $71
    local.get $61
    local.get $8
    v128.xor
    local.get $38
    local.get $76
    v128.xor
    v128.xor
    local.get $30
    local.get $19
    local.get $10
    v128.andnot
    v128.xor
    local.tee $12
    v128.xor
    local.tee $10
    local.get $70
    local.get $21
    v128.xor
    local.get $9
    local.get $14
    v128.xor
    v128.xor
    local.get $39
    v128.xor
    local.tee $9
    local.get $9
    i64x2.add
    local.get $9
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $57
    v128.xor
    local.tee $4
    i32.const 44
    i64x2.shl
    local.get $4
    i32.const 20
    i64x2.shr_u
    v128.or
    local.tee $17
    v128.andnot
    v128.xor
    local.get $51
    i32.const 1032
    i32.add
    i64.load
    local.tee $31
    i64x2.splat
    v128.xor
    local.set $4
    local.get $31
    local.get $68
    local.get $26
    local.get $60
    i64.xor
    i64.const 55
    i64.rotl
    local.tee $26
    local.get $15
    i64.const -1
    i64.xor
    local.get $28
    i64.and
    i64.xor
    local.tee $63
    local.get $0
    local.get $67
    i64.xor
    local.get $74
    i64.xor
    local.get $78
    i64.xor
    i64.xor
    local.tee $31
    i64.const 1
    i64.rotl
    local.get $24
    local.get $40
    local.get $66
    i64.xor
    i64.const 62
    i64.rotl
    local.tee $40
    i64.const -1
    i64.xor
    local.get $26
    i64.and
    i64.xor
    local.tee $66
    local.get $13
    local.get $32
    i64.const -1
    i64.xor
    local.get $35
    i64.and
    i64.xor
    local.tee $81
    local.get $1
    local.get $49
    i64.const -1
    i64.xor
    local.get $25
    i64.and
    i64.xor
    local.tee $60
    local.get $65
    local.get $64
    i64.const -1
    i64.xor
    local.get $62
    i64.and
    i64.xor
    local.tee $62
    local.get $48
    local.get $41
    i64.const -1
    i64.xor
    local.get $27
    i64.and
    i64.xor
    local.tee $25
    i64.xor
    i64.xor
    i64.xor
    i64.xor
    local.tee $27
    i64.xor
    local.tee $47
    i64.xor
    local.tee $35
    local.get $33
    local.get $31
    local.get $28
    local.get $24
    i64.const -1
    i64.xor
    local.get $40
    i64.and
    i64.xor
    local.tee $82
    local.get $45
    local.get $13
    i64.const -1
    i64.xor
    local.get $32
    i64.and
    i64.xor
    local.tee $28
    local.get $46
    local.get $1
    i64.const -1
    i64.xor
    local.get $49
    i64.and
    i64.xor
    local.tee $45
    local.get $44
    local.get $48
    i64.const -1
    i64.xor
    local.get $41
    i64.and
    i64.xor
    local.tee $83
    local.get $69
    local.get $65
    i64.const -1
    i64.xor
    local.get $64
    i64.and
    i64.xor
    local.tee $44
    i64.xor
    i64.xor
    i64.xor
    i64.xor
    local.tee $32
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $64
    i64.xor
    i64.const 43
    i64.rotl
    local.tee $41
    local.get $67
    local.get $40
    local.get $26
    i64.const -1
    i64.xor
    local.get $15
    i64.and
    i64.xor
    local.tee $13
    local.get $22
    local.get $68
    i64.xor
    local.get $72
    i64.xor
    local.get $77
    i64.xor
    i64.xor
    local.tee $15
    local.get $16
    local.get $42
    i64.xor
    local.get $33
    i64.xor
    local.get $79
    i64.xor
    local.get $43
    i64.xor
    local.tee $24
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $48
    i64.xor
    i64.const 44
    i64.rotl
    local.tee $1
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    i64.xor
    local.set $31
    local.get $17
    local.get $2
    local.get $9
    local.get $37
    local.get $37
    i64x2.add
    local.get $37
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $9
    v128.xor
    local.tee $2
    i32.const 21
    i64x2.shl
    local.get $2
    i32.const 43
    i64x2.shr_u
    v128.or
    local.tee $19
    local.get $11
    v128.andnot
    v128.xor
    local.set $2
    local.get $1
    local.get $28
    local.get $24
    local.get $27
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $33
    i64.xor
    i64.const 21
    i64.rotl
    local.tee $24
    local.get $41
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $49
    local.get $11
    local.get $36
    local.get $5
    local.get $10
    local.get $10
    i64x2.add
    local.get $10
    i32.const 63
    i64x2.shr_u
    v128.or
    v128.xor
    local.tee $59
    v128.xor
    local.tee $5
    i32.const 14
    i64x2.shl
    local.get $5
    i32.const 50
    i64x2.shr_u
    v128.or
    local.tee $5
    local.get $19
    v128.andnot
    v128.xor
    local.set $36
    local.get $41
    local.get $66
    local.get $32
    local.get $15
    i64.const 1
    i64.rotl
    i64.xor
    local.tee $65
    i64.xor
    i64.const 14
    i64.rotl
    local.tee $15
    local.get $24
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $40
    local.get $19
    local.get $80
    local.get $5
    v128.andnot
    v128.xor
    local.set $23
    local.get $24
    local.get $15
    i64.const -1
    i64.xor
    local.get $35
    i64.and
    i64.xor
    local.set $41
    local.get $5
    local.get $17
    local.get $80
    v128.andnot
    v128.xor
    local.set $17
    local.get $15
    local.get $35
    i64.const -1
    i64.xor
    local.get $1
    i64.and
    i64.xor
    local.set $32
    local.get $52
    local.get $9
    v128.xor
    local.tee $5
    i32.const 28
    i64x2.shl
    local.get $5
    i32.const 36
    i64x2.shr_u
    v128.or
    local.tee $11
    local.get $38
    local.get $75
    v128.xor
    local.tee $5
    i32.const 3
    i64x2.shl
    local.get $5
    i32.const 61
    i64x2.shr_u
    v128.or
    local.tee $10
    local.get $18
    local.get $59
    v128.xor
    local.tee $5
    i32.const 20
    i64x2.shl
    local.get $5
    i32.const 44
    i64x2.shr_u
    v128.or
    local.tee $18
    v128.andnot
    v128.xor
    local.set $5
    local.get $33
    local.get $44
    i64.xor
    i64.const 28
    i64.rotl
    local.tee $1
    local.get $47
    local.get $72
    i64.xor
    i64.const 3
    i64.rotl
    local.tee $15
    local.get $25
    local.get $65
    i64.xor
    i64.const 20
    i64.rotl
    local.tee $27
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $35
    local.get $18
    local.get $6
    local.get $57
    v128.xor
    local.tee $6
    i32.const 45
    i64x2.shl
    local.get $6
    i32.const 19
    i64x2.shr_u
    v128.or
    local.tee $19
    local.get $10
    v128.andnot
    v128.xor
    local.set $6
    local.get $27
    local.get $48
    local.get $78
    i64.xor
    i64.const 45
    i64.rotl
    local.tee $26
    local.get $15
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $24
    local.get $10
    local.get $39
    local.get $34
    v128.xor
    local.tee $10
    i32.const 61
    i64x2.shl
    local.get $10
    i32.const 3
    i64x2.shr_u
    v128.or
    local.tee $29
    local.get $19
    v128.andnot
    v128.xor
    local.set $10
    local.get $15
    local.get $43
    local.get $64
    i64.xor
    i64.const 61
    i64.rotl
    local.tee $15
    local.get $26
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $25
    local.get $19
    local.get $11
    local.get $29
    v128.andnot
    v128.xor
    local.set $37
    local.get $26
    local.get $15
    i64.const -1
    i64.xor
    local.get $1
    i64.and
    i64.xor
    local.set $26
    local.get $29
    local.get $18
    local.get $11
    v128.andnot
    v128.xor
    local.set $18
    local.get $15
    local.get $1
    i64.const -1
    i64.xor
    local.get $27
    i64.and
    i64.xor
    local.set $27
    local.get $7
    local.get $57
    v128.xor
    local.tee $7
    local.get $7
    i64x2.add
    local.get $7
    i32.const 63
    i64x2.shr_u
    v128.or
    local.tee $11
    local.get $3
    local.get $9
    v128.xor
    local.tee $3
    i32.const 25
    i64x2.shl
    local.get $3
    i32.const 39
    i64x2.shr_u
    v128.or
    local.tee $7
    local.get $21
    local.get $34
    v128.xor
    local.tee $3
    i32.const 6
    i64x2.shl
    local.get $3
    i32.const 58
    i64x2.shr_u
    v128.or
    local.tee $21
    v128.andnot
    v128.xor
    local.set $3
    local.get $0
    local.get $48
    i64.xor
    i64.const 1
    i64.rotl
    local.tee $28
    local.get $33
    local.get $45
    i64.xor
    i64.const 25
    i64.rotl
    local.tee $0
    local.get $42
    local.get $64
    i64.xor
    i64.const 6
    i64.rotl
    local.tee $43
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $42
    local.get $21
    local.get $58
    local.get $59
    v128.xor
    local.tee $19
    local.get $19
    i8x16.shuffle 7 0 1 2 3 4 5 6 15 8 9 10 11 12 13 14
    local.tee $29
    local.get $7
    v128.andnot
    v128.xor
    local.set $19
    local.get $43
    local.get $65
    local.get $81
    i64.xor
    i64.const 8
    i64.rotl
    local.tee $1
    local.get $0
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $15
    local.get $7
    local.get $12
    local.get $75
    v128.xor
    local.tee $7
    i32.const 18
    i64x2.shl
    local.get $7
    i32.const 46
    i64x2.shr_u
    v128.or
    local.tee $12
    local.get $29
    v128.andnot
    v128.xor
    local.set $7
    local.get $0
    local.get $13
    local.get $47
    i64.xor
    i64.const 18
    i64.rotl
    local.tee $13
    local.get $1
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $0
    local.get $29
    local.get $11
    local.get $12
    v128.andnot
    v128.xor
    local.set $38
    local.get $1
    local.get $13
    i64.const -1
    i64.xor
    local.get $28
    i64.and
    i64.xor
    local.set $1
    local.get $12
    local.get $21
    local.get $11
    v128.andnot
    v128.xor
    local.set $39
    local.get $13
    local.get $28
    i64.const -1
    i64.xor
    local.get $43
    i64.and
    i64.xor
    local.set $28
    local.get $53
    local.get $59
    v128.xor
    local.tee $11
    i32.const 27
    i64x2.shl
    local.get $11
    i32.const 37
    i64x2.shr_u
    v128.or
    local.tee $21
    local.get $73
    local.get $57
    v128.xor
    local.tee $11
    i32.const 10
    i64x2.shl
    local.get $11
    i32.const 54
    i64x2.shr_u
    v128.or
    local.tee $29
    local.get $8
    local.get $75
    v128.xor
    local.tee $8
    i32.const 36
    i64x2.shl
    local.get $8
    i32.const 28
    i64x2.shr_u
    v128.or
    local.tee $8
    v128.andnot
    v128.xor
    local.set $11
    local.get $62
    local.get $65
    i64.xor
    i64.const 27
    i64.rotl
    local.tee $13
    local.get $48
    local.get $74
    i64.xor
    i64.const 10
    i64.rotl
    local.tee $45
    local.get $22
    local.get $47
    i64.xor
    i64.const 36
    i64.rotl
    local.tee $46
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $43
    local.get $8
    local.get $14
    local.get $34
    v128.xor
    local.tee $12
    i32.const 15
    i64x2.shl
    local.get $12
    i32.const 49
    i64x2.shr_u
    v128.or
    local.tee $14
    local.get $29
    v128.andnot
    v128.xor
    local.set $12
    local.get $46
    local.get $64
    local.get $79
    i64.xor
    i64.const 15
    i64.rotl
    local.tee $22
    local.get $45
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $44
    local.get $29
    local.get $20
    local.get $9
    v128.xor
    local.tee $20
    local.get $20
    i8x16.shuffle 1 2 3 4 5 6 7 0 9 10 11 12 13 14 15 8
    local.tee $20
    local.get $14
    v128.andnot
    v128.xor
    local.set $29
    local.get $45
    local.get $33
    local.get $82
    i64.xor
    i64.const 56
    i64.rotl
    local.tee $62
    local.get $22
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $45
    local.get $14
    local.get $21
    local.get $20
    v128.andnot
    v128.xor
    local.set $30
    local.get $22
    local.get $62
    i64.const -1
    i64.xor
    local.get $13
    i64.and
    i64.xor
    local.set $22
    local.get $20
    local.get $8
    local.get $21
    v128.andnot
    v128.xor
    local.set $20
    local.get $62
    local.get $13
    i64.const -1
    i64.xor
    local.get $46
    i64.and
    i64.xor
    local.set $46
    local.get $70
    local.get $34
    v128.xor
    local.tee $8
    i32.const 62
    i64x2.shl
    local.get $8
    i32.const 2
    i64x2.shr_u
    v128.or
    local.tee $8
    local.get $54
    local.get $59
    v128.xor
    local.tee $14
    i32.const 39
    i64x2.shl
    local.get $14
    i32.const 25
    i64x2.shr_u
    v128.or
    local.tee $14
    local.get $55
    local.get $9
    v128.xor
    local.tee $9
    i32.const 55
    i64x2.shl
    local.get $9
    i32.const 9
    i64x2.shr_u
    v128.or
    local.tee $52
    v128.andnot
    v128.xor
    local.set $9
    local.get $16
    local.get $64
    i64.xor
    i64.const 62
    i64.rotl
    local.tee $16
    local.get $60
    local.get $65
    i64.xor
    i64.const 39
    i64.rotl
    local.tee $13
    local.get $33
    local.get $83
    i64.xor
    i64.const 55
    i64.rotl
    local.tee $62
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $33
    local.get $52
    local.get $76
    local.get $75
    v128.xor
    local.tee $21
    i32.const 41
    i64x2.shl
    local.get $21
    i32.const 23
    i64x2.shr_u
    v128.or
    local.tee $53
    local.get $14
    v128.andnot
    v128.xor
    local.set $34
    local.get $62
    local.get $47
    local.get $77
    i64.xor
    i64.const 41
    i64.rotl
    local.tee $60
    local.get $13
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $47
    local.get $14
    local.get $56
    local.get $57
    v128.xor
    local.tee $14
    i32.const 2
    i64x2.shl
    local.get $14
    i32.const 62
    i64x2.shr_u
    v128.or
    local.tee $54
    local.get $53
    v128.andnot
    v128.xor
    local.set $21
    local.get $13
    local.get $48
    local.get $63
    i64.xor
    i64.const 2
    i64.rotl
    local.tee $63
    local.get $60
    i64.const -1
    i64.xor
    i64.and
    i64.xor
    local.set $48
    local.get $53
    local.get $8
    local.get $54
    v128.andnot
    v128.xor
    local.set $14
    local.get $60
    local.get $63
    i64.const -1
    i64.xor
    local.get $16
    i64.and
    i64.xor
    local.set $13
    local.get $54
    local.get $52
    local.get $8
    v128.andnot
    v128.xor
    local.set $8
    local.get $63
    local.get $16
    i64.const -1
    i64.xor
    local.get $62
    i64.and
    i64.xor
    local.set $16
    local.get $50
    i32.const 2
    i32.add
    local.set $50
    br $for-loop|0
   end
  end
  i32.const 1440
  local.get $4
  v128.store
  i32.const 1456
  local.get $2
  v128.store
  i32.const 1472
  local.get $36
  v128.store
  i32.const 1488
  local.get $23
  v128.store
  i32.const 1504
  local.get $17
  v128.store
  i32.const 1520
  local.get $5
  v128.store
  i32.const 1536
  local.get $6
  v128.store
  i32.const 1552
  local.get $10
  v128.store
  i32.const 1568
  local.get $37
  v128.store
  i32.const 1584
  local.get $18
  v128.store
  i32.const 1600
  local.get $3
  v128.store
  i32.const 1616
  local.get $19
  v128.store
  i32.const 1632
  local.get $7
  v128.store
  i32.const 1648
  local.get $38
  v128.store
  i32.const 1664
  local.get $39
  v128.store
  i32.const 1680
  local.get $11
  v128.store
  i32.const 1696
  local.get $12
  v128.store
  i32.const 1712
  local.get $29
  v128.store
  i32.const 1728
  local.get $30
  v128.store
  i32.const 1744
  local.get $20
  v128.store
  i32.const 1760
  local.get $9
  v128.store
  i32.const 1776
  local.get $34
  v128.store
  i32.const 1792
  local.get $21
  v128.store
  i32.const 1808
  local.get $14
  v128.store
  i32.const 1824
  local.get $8
  v128.store
  i32.const 1840
  local.get $31
  i64.store
  i32.const 1848
  local.get $49
  i64.store
  i32.const 1856
  local.get $40
  i64.store
  i32.const 1864
  local.get $41
  i64.store
  i32.const 1872
  local.get $32
  i64.store
  i32.const 1880
  local.get $35
  i64.store
  i32.const 1888
  local.get $24
  i64.store
  i32.const 1896
  local.get $25
  i64.store
  i32.const 1904
  local.get $26
  i64.store
  i32.const 1912
  local.get $27
  i64.store
  i32.const 1920
  local.get $42
  i64.store
  i32.const 1928
  local.get $15
  i64.store
  i32.const 1936
  local.get $0
  i64.store
  i32.const 1944
  local.get $1
  i64.store
  i32.const 1952
  local.get $28
  i64.store
  i32.const 1960
  local.get $43
  i64.store
  i32.const 1968
  local.get $44
  i64.store
  i32.const 1976
  local.get $45
  i64.store
  i32.const 1984
  local.get $22
  i64.store
  i32.const 1992
  local.get $46
  i64.store
  i32.const 2000
  local.get $33
  i64.store
  i32.const 2008
  local.get $47
  i64.store
  i32.const 2016
  local.get $48
  i64.store
  i32.const 2024
  local.get $13
  i64.store
  i32.const 2032
  local.get $16
  i64.store
 )
 (func $assembly/bootstrap/setSeed
  i32.const 1296
  i32.const 0
  i32.const 136
  memory.fill
  i32.const 1296
  i32.const 1216
  i32.const 35
  memory.copy
  i32.const 1331
  i32.const 1264
  i32.const 32
  memory.copy
  i32.const 1371
  i32.const 31
  i32.store8
  i32.const 1431
  i32.const 1431
  i32.load8_u
  i32.const 128
  i32.or
  i32.store8
  i64.const -3
  global.set $assembly/bootstrap/first
  i64.const 0
  global.set $assembly/bootstrap/block
  i32.const 0
  global.set $assembly/bootstrap/word
 )
 (func $assembly/bootstrap/setRange (param $0 i32)
  local.get $0
  i64.extend_i32_u
  global.set $assembly/bootstrap/range
  i64.const -1
  i64.const 0
  global.get $assembly/bootstrap/range
  i64.sub
  global.get $assembly/bootstrap/range
  i64.rem_u
  i64.sub
  global.set $assembly/bootstrap/maxAccepted
 )
 (func $assembly/bootstrap/seek (param $0 f64)
  (local $1 i64)
  local.get $0
  i64.trunc_sat_f64_s
  local.tee $1
  i64.const 512
  i64.div_s
  global.set $assembly/bootstrap/block
  local.get $1
  i64.const 512
  i64.rem_s
  i32.wrap_i64
  global.set $assembly/bootstrap/word
 )
 (func $assembly/bootstrap/seedAddress (result i32)
  i32.const 1264
 )
 (func $assembly/bootstrap/resample (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 i32)
  (local $5 i32)
  (local $6 i64)
  (local $7 i32)
  (local $8 f64)
  (local $9 i32)
  (local $10 i32)
  (local $11 i32)
  (local $12 i64)
  (local $13 i64)
  (local $14 i32)
  (local $15 i32)
  (local $16 i64)
  global.get $assembly/bootstrap/range
  i32.wrap_i64
  local.set $9
  global.get $assembly/bootstrap/maxAccepted
  local.set $12
  global.get $assembly/bootstrap/range
  local.set $13
  global.get $assembly/bootstrap/word
  local.set $5
  global.get $assembly/bootstrap/block
  local.tee $6
  call $assembly/bootstrap/wordsOf
  local.set $10
  global.get $assembly/bootstrap/shift
  local.set $11
  loop $for-loop|0
   local.get $3
   local.get $7
   i32.gt_s
   if
    local.get $2
    if
     local.get $2
     local.get $7
     i32.const 3
     i32.shl
     i32.add
     local.get $5
     i64.extend_i32_s
     local.get $6
     i64.const 9
     i64.shl
     i64.add
     f64.convert_i64_s
     f64.store
    end
    f64.const 0
    local.set $8
    i32.const 0
    local.set $4
    loop $while-continue|1
     local.get $4
     local.get $9
     i32.lt_s
     if
      local.get $5
      i32.const 512
      i32.eq
      if
       local.get $6
       i64.const 1
       i64.add
       local.tee $6
       call $assembly/bootstrap/wordsOf
       local.set $10
       global.get $assembly/bootstrap/shift
       local.set $11
       i32.const 0
       local.set $5
      end
      i32.const 512
      local.get $5
      i32.sub
      local.tee $14
      local.get $9
      local.get $4
      i32.sub
      local.tee $15
      local.get $14
      local.get $15
      i32.lt_s
      select
      local.get $5
      i32.add
      local.set $14
      loop $for-loop|2
       local.get $5
       local.get $14
       i32.lt_s
       if
        local.get $12
        local.get $10
        local.get $5
        local.get $11
        i32.shl
        i32.add
        i64.load
        local.tee $16
        i64.lt_u
        if (result i64)
         i64.const -1
        else
         local.get $16
         local.get $13
         i64.rem_u
        end
        local.tee $16
        i64.const 0
        i64.ge_s
        if
         local.get $8
         local.get $0
         local.get $16
         i32.wrap_i64
         i32.const 3
         i32.shl
         i32.add
         f64.load
         f64.add
         local.set $8
         local.get $4
         i32.const 1
         i32.add
         local.set $4
        end
        local.get $5
        i32.const 1
        i32.add
        local.set $5
        br $for-loop|2
       end
      end
      br $while-continue|1
     end
    end
    local.get $1
    local.get $7
    i32.const 3
    i32.shl
    i32.add
    local.get $8
    f64.store
    local.get $7
    i32.const 1
    i32.add
    local.set $7
    br $for-loop|0
   end
  end
  local.get $6
  global.set $assembly/bootstrap/block
  local.get $5
  global.set $assembly/bootstrap/word
 )
 (func $assembly/bootstrap/position (result f64)
  global.get $assembly/bootstrap/word
  i64.extend_i32_s
  global.get $assembly/bootstrap/block
  i64.const 9
  i64.shl
  i64.add
  f64.convert_i64_s
 )
 (func $assembly/bootstrap/makeBlocks (param $0 i64)
  (local $1 i32)
  (local $2 i32)
  (local $3 i64)
  (local $4 v128)
  (local $5 i32)
  (local $6 i64)
  (local $7 i64)
  (local $8 i32)
  i32.const 1363
  local.get $0
  i64.const 8
  i64.shr_u
  i64.const 71777214294589695
  i64.and
  local.get $0
  i64.const 71777214294589695
  i64.and
  i64.const 8
  i64.shl
  i64.or
  local.tee $3
  i64.const 16
  i64.shr_u
  i64.const 281470681808895
  i64.and
  local.get $3
  i64.const 281470681808895
  i64.and
  i64.const 16
  i64.shl
  i64.or
  i64.const 32
  i64.rotr
  i64.store
  i32.const 1360
  i64.load
  local.set $6
  i32.const 1368
  i64.load
  local.set $3
  i32.const 1363
  local.get $0
  i64.const 1
  i64.add
  local.tee $7
  i64.const 8
  i64.shr_u
  i64.const 71777214294589695
  i64.and
  local.get $7
  i64.const 71777214294589695
  i64.and
  i64.const 8
  i64.shl
  i64.or
  local.tee $7
  i64.const 16
  i64.shr_u
  i64.const 281470681808895
  i64.and
  local.get $7
  i64.const 281470681808895
  i64.and
  i64.const 16
  i64.shl
  i64.or
  i64.const 32
  i64.rotr
  i64.store
  loop $for-loop|0
   local.get $1
   i32.const 25
   i32.lt_s
   if
    local.get $1
    i32.const 4
    i32.shl
    i32.const 1440
    i32.add
    local.get $1
    i32.const 17
    i32.lt_s
    if (result i64)
     local.get $1
     i32.const 3
     i32.shl
     i32.const 1296
     i32.add
     i64.load
    else
     i64.const 0
    end
    i64x2.splat
    v128.store
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|0
   end
  end
  i32.const 1568
  i32.const 1568
  v128.load
  local.get $6
  i64x2.replace_lane 0
  v128.store
  i32.const 1584
  i32.const 1584
  v128.load
  local.get $3
  i64x2.replace_lane 0
  v128.store
  i32.const 1363
  local.get $0
  i64.const 2
  i64.add
  local.tee $3
  i64.const 8
  i64.shr_u
  i64.const 71777214294589695
  i64.and
  local.get $3
  i64.const 71777214294589695
  i64.and
  i64.const 8
  i64.shl
  i64.or
  local.tee $3
  i64.const 16
  i64.shr_u
  i64.const 281470681808895
  i64.and
  local.get $3
  i64.const 281470681808895
  i64.and
  i64.const 16
  i64.shl
  i64.or
  i64.const 32
  i64.rotr
  i64.store
  i32.const 0
  local.set $1
  loop $for-loop|1
   local.get $1
   i32.const 25
   i32.lt_s
   if
    local.get $1
    i32.const 3
    i32.shl
    local.tee $5
    i32.const 1840
    i32.add
    local.get $1
    i32.const 17
    i32.lt_s
    if (result i64)
     local.get $5
     i32.const 1296
     i32.add
     i64.load
    else
     i64.const 0
    end
    i64.store
    local.get $1
    i32.const 1
    i32.add
    local.set $1
    br $for-loop|1
   end
  end
  loop $while-continue|2
   local.get $2
   i32.const 512
   i32.lt_s
   if
    call $assembly/keccak/permute3
    i32.const 17
    i32.const 512
    local.get $2
    i32.sub
    local.tee $1
    local.get $1
    i32.const 17
    i32.gt_s
    select
    local.set $5
    i32.const 0
    local.set $1
    loop $for-loop|3
     local.get $1
     local.get $5
     i32.lt_s
     if
      local.get $1
      local.get $2
      i32.add
      local.tee $8
      i32.const 4
      i32.shl
      i32.const 2048
      i32.add
      local.get $1
      i32.const 4
      i32.shl
      i32.const 1440
      i32.add
      v128.load
      local.tee $4
      local.get $4
      i8x16.shuffle 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8
      v128.store
      local.get $8
      i32.const 3
      i32.shl
      i32.const 10240
      i32.add
      local.get $1
      i32.const 3
      i32.shl
      i32.const 1840
      i32.add
      i64.load
      local.tee $3
      i64.const 8
      i64.shr_u
      i64.const 71777214294589695
      i64.and
      local.get $3
      i64.const 71777214294589695
      i64.and
      i64.const 8
      i64.shl
      i64.or
      local.tee $3
      i64.const 16
      i64.shr_u
      i64.const 281470681808895
      i64.and
      local.get $3
      i64.const 281470681808895
      i64.and
      i64.const 16
      i64.shl
      i64.or
      i64.const 32
      i64.rotr
      i64.store
      local.get $1
      i32.const 1
      i32.add
      local.set $1
      br $for-loop|3
     end
    end
    local.get $2
    local.get $5
    i32.add
    local.set $2
    br $while-continue|2
   end
  end
  local.get $0
  global.set $assembly/bootstrap/first
 )
 (func $assembly/bootstrap/heapBase (result i32)
  i32.const 14336
 )
 (func $assembly/bootstrap/generateBlocks (param $0 f64) (param $1 i32)
  (local $2 i64)
  (local $3 i64)
  local.get $0
  i64.trunc_sat_f64_s
  local.tee $3
  local.set $2
  loop $for-loop|0
   local.get $2
   local.get $3
   local.get $1
   i64.extend_i32_s
   i64.add
   i64.lt_s
   if
    local.get $2
    call $assembly/bootstrap/wordsOf
    drop
    local.get $2
    i64.const 3
    i64.add
    local.set $2
    br $for-loop|0
   end
  end
 )
 (func $assembly/bootstrap/drawWords (param $0 i32) (param $1 i32) (param $2 i32) (result i32)
  (local $3 i32)
  (local $4 i32)
  (local $5 i64)
  (local $6 i64)
  loop $for-loop|0
   local.get $1
   local.get $4
   i32.gt_s
   if
    global.get $assembly/bootstrap/range
    local.set $6
    local.get $0
    local.get $4
    i32.const 3
    i32.shl
    i32.add
    i64.load
    local.tee $5
    global.get $assembly/bootstrap/maxAccepted
    i64.gt_u
    if (result i64)
     i64.const -1
    else
     local.get $5
     local.get $6
     i64.rem_u
    end
    local.tee $5
    i64.const 0
    i64.ge_s
    if
     local.get $2
     local.get $3
     i32.const 2
     i32.shl
     i32.add
     local.get $5
     i64.store32
     local.get $3
     i32.const 1
     i32.add
     local.set $3
    end
    local.get $4
    i32.const 1
    i32.add
    local.set $4
    br $for-loop|0
   end
  end
  local.get $3
 )
 (func $assembly/bootstrap/blockBytes (param $0 f64) (param $1 i32)
  (local $2 i32)
  (local $3 i64)
  (local $4 i32)
  local.get $0
  i64.trunc_sat_f64_s
  call $assembly/bootstrap/wordsOf
  local.set $4
  loop $for-loop|0
   local.get $2
   i32.const 512
   i32.lt_s
   if
    local.get $1
    local.get $2
    i32.const 3
    i32.shl
    i32.add
    local.get $4
    local.get $2
    global.get $assembly/bootstrap/shift
    i32.shl
    i32.add
    i64.load
    local.tee $3
    i64.const 8
    i64.shr_u
    i64.const 71777214294589695
    i64.and
    local.get $3
    i64.const 71777214294589695
    i64.and
    i64.const 8
    i64.shl
    i64.or
    local.tee $3
    i64.const 16
    i64.shr_u
    i64.const 281470681808895
    i64.and
    local.get $3
    i64.const 281470681808895
    i64.and
    i64.const 16
    i64.shl
    i64.or
    i64.const 32
    i64.rotr
    i64.store
    local.get $2
    i32.const 1
    i32.add
    local.set $2
    br $for-loop|0
   end
  end
 )
)
