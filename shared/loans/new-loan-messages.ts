// Spanish texts of the new-loan form and POST /api/save-loan. docs/producto.md §5 and §8 texts are quoted exactly.
import { formatMoney } from '../money';

export const newLoanMessages = {
  // docs/producto.md §5
  clienteInvalido: 'Debe seleccionar un cliente válido',
  modalidadRequerida: 'Debe seleccionar una modalidad de pago',
  montoInvalido: 'Debe ingresar un monto de crédito válido',
  montoMinimo: (pesos: number) => `El monto mínimo es ${formatMoney(pesos)}`,
  montoMaximo: (pesos: number) => `El monto máximo es ${formatMoney(pesos)}`,
  fechaRequerida: 'Debe seleccionar una fecha para el préstamo',
  avalNombre: 'Debe ingresar el nombre del aval',
  avalTelefono: 'Debe ingresar el teléfono del aval',
  garantiasMinimo: 'Debe ingresar al menos 2 garantías válidas',
  garantiaDescripcion: 'Debe ingresar una descripción',
  corrijaErrores: 'Por favor corrija los errores en el formulario',
  // docs/producto.md §8
  creado: 'Préstamo creado exitosamente',
  errorCrear: 'Error al crear el préstamo: ',
  // Rules of docs/reglas-del-negocio.md and limits
  garantiasMaximo: 'Puede registrar como máximo 5 garantías',
  fechaFueraDeRango: 'La fecha del préstamo debe estar entre el año 2000 y el 2099',
  grupoInvalido: 'El grupo debe ser un número entero mayor a 0',
  modalidadNoEncontrada: 'La modalidad de pago no existe en esta cuenta',
  clienteNoEncontrado: 'El cliente no existe en esta cuenta',
  anteriorInvalido: 'El préstamo anterior no es válido',
  anteriorCambio:
    'El préstamo anterior del cliente cambió mientras se capturaba este (otra renovación o un pago lo liquidó); revise los datos y vuelva a intentarlo',
  sinConexion:
    'Sin conexión: crear un préstamo requiere internet. Lo capturado se conserva en el formulario.',
} as const;
