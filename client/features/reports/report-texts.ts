// What each figure means, written on the screen that shows it (docs/reglas-del-negocio.md §8).
export const definitions = {
  resumen:
    'Por semana (de lunes a domingo, recortada al rango): créditos entregados según su fecha de inicio; cobrado = abonos pagados y pagos parciales según la fecha en que se pagaron; comisiones según los parámetros de la cuenta; diferencia = cobrado − entregado − comisiones. Una diferencia negativa es capital inyectado.',
  estado:
    'Ingresos = la parte de interés de lo cobrado en el periodo (monto × interés ÷ (100 + interés) de cada préstamo). Costos directos = comisiones sobre abonos y sobre créditos. Gastos = egresos del periodo según el tipo de su concepto.',
  margen: 'Margen de Utilidad = utilidad neta ÷ ingresos × 100.',
  eficiencia: 'Eficiencia de Costos = (costos directos + gastos) ÷ ingresos × 100.',
  saldo:
    'Saldo pendiente de un préstamo = lo que aún deben sus amortizaciones no pagadas o pagadas en parte (abono − parcial). Solo préstamos no liquidados.',
  atraso:
    'Días de atraso = días desde la fecha de pago de su amortización más antigua sin pagar por completo, cuando esa fecha ya pasó.',
  par7: 'PAR 7 = saldo pendiente de los préstamos con más de 7 días de atraso ÷ saldo pendiente de todos los préstamos activos.',
  par30:
    'PAR 30 = saldo pendiente de los préstamos con más de 30 días de atraso ÷ saldo pendiente de todos los préstamos activos.',
  tasaCobranza:
    'Tasa de cobranza = cobrado ÷ esperado. Esperado = abonos de las amortizaciones cuya fecha de pago cae en el periodo (sin las renovadas); cobrado = lo recibido en el periodo, aunque sea de semanas anteriores, por eso puede pasar de 100 %.',
  cobrador:
    'Por cobrador: lo que registró cada usuario en el periodo. Su esperado es lo esperado en los municipios y semanas en que cobró, en proporción a lo que cobró ahí (si cobra solo en un municipio, todo lo esperado de esas semanas).',
} as const;
